import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts in the build are compressed formats already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/i;
/** Below this a compressed copy saves a few hundred bytes at most: not worth a file and a lookup. */
export const MIN_BYTES = 1024;

export type PrecompressedFile = { file: string; raw: number; br?: number; gzip?: number };

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of
 * `dir` (recursively) of at least MIN_BYTES, skipping a copy that would not be smaller than the file.
 * The server (server/src/static.ts) sends them by Accept-Encoding. Returns what it did, per file.
 */
export function precompressDir(dir: string): PrecompressedFile[] {
  const done: PrecompressedFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      done.push(...precompressDir(file));
      continue;
    }
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const result: PrecompressedFile = { file, raw: content.length };
    const br = brotliCompressSync(content, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    if (br.length < content.length) {
      writeFileSync(`${file}.br`, br);
      result.br = br.length;
    }
    const gz = gzipSync(content, { level: 9 });
    if (gz.length < content.length) {
      writeFileSync(`${file}.gz`, gz);
      result.gzip = gz.length;
    }
    done.push(result);
  }
  return done;
}

/**
 * Vite plugin: precompresses the build output once every file is written. `beforeCompress` steps write
 * files derived from the finished build (build/prerender-screens.ts) first, so they are compressed too: one
 * plugin, because Vite runs the plugins' closeBundle hooks in parallel.
 */
export function precompress(beforeCompress: ((outDir: string) => unknown)[] = []): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const step of beforeCompress) await step(outDir);
      precompressDir(outDir);
    },
  };
}
