import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir (the build’s precompress plugin)', () => {
  it('when dist holds text files, then large ones get .br and .gz copies that decode to them; small, binary and incompressible ones do not', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<div></div>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets', 'small-abc123.css'), 'body{margin:0}');
    writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), script);
    writeFileSync(path.join(dir, 'assets', 'noise-abc123.txt'), randomBytes(4096));

    const result = precompressDir(dir);

    const js = path.join(dir, 'assets', 'index-abc123.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'small-abc123.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'logo-abc123.png.br'))).toBe(false);
    const entry = result.find((file) => file.file === js);
    expect(entry?.br).toBeLessThan(entry!.raw);
    expect(entry?.gzip).toBeLessThan(entry!.raw);
    // Random bytes do not compress: no copy is written that would not be smaller than the file.
    expect(existsSync(path.join(dir, 'assets', 'noise-abc123.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'noise-abc123.txt.gz'))).toBe(false);
  });
});
