import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_SCRIPT } from './early-requests';
import { KEEP_LOGIN_SCRIPT } from './prerender-login';
import { buildClientForTest } from './production-build';

let outDir = '';
let manifest: Manifest;
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeAll(async () => {
  outDir = await buildClientForTest('login-page');
  manifest = JSON.parse(read('.vite/manifest.json')) as Manifest;
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the built page (issue 19, decision 023)', () => {
  it('when the login page is built, then #root already holds the login screen, styled for the light scheme', () => {
    const html = read('index.html');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Login To Earn Rewards!');
    expect(root).toMatch(/<label[^>]*>Username/);
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Login/);
    expect(html).toContain('data-mantine-color-scheme="light"');
  });

  it('when the page is built, then nothing is painted before the prerendered screen and its keeper are parsed whole', () => {
    const html = read('index.html');
    const expectLink = /<link rel="expect" href="#([\w-]+)" blocking="render"[^>]*>/.exec(html);
    expect(expectLink?.index).toBeLessThan(html.indexOf('<body'));
    const marker = html.indexOf(`id="${expectLink![1]}"`);
    // After the login's submit button and the keeper's script: a paint cannot show half a form.
    expect(marker).toBeGreaterThan(html.lastIndexOf('type="submit"'));
    expect(marker).toBeGreaterThan(html.indexOf(KEEP_LOGIN_SCRIPT));
  });

  it('when the page is built, then its stylesheet is inside it: nothing stands between the page and its first paint', () => {
    const html = read('index.html');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const stylesheet = manifest['index.html']!.css![0]!;
    expect(html).toContain(`<style data-inline-of="/${stylesheet}">${read(stylesheet)}</style>`);
  });

  it('when the page is built, then it preloads none of the entry’s imports (the login paints without them)', () => {
    expect(read('index.html')).not.toMatch(/<link rel="modulepreload"/);
  });

  it('when the page is built, then its inline scripts are the early requests and the prerender’s keeper, as the server hashes them', () => {
    const inline = [...read('index.html').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
    expect(inline).toEqual([EARLY_REQUESTS_SCRIPT, KEEP_LOGIN_SCRIPT]);
  });
});
