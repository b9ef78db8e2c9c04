import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';
import { ENGLISH_WORDS_OF_EVERY_READER, HTTP_MODULE, SIGNED_IN_LAYOUT, WITH_EVERY_SCREEN } from '../src/app/shell-modules';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The worker's source, relative to the client's root. */
const WORKER_SOURCE = 'src/service-worker/sw.ts';
export const WORKER_FILE = 'sw.js';

/**
 * What every screen past the login loads besides its own code (app/shell-modules.ts, which names what
 * app/router.tsx's lazyRoute loads): precached, with their static imports and styles, so a signed-in second
 * visit needs the network only for its data and the screen's own chunk (which is kept from the first visit).
 * Staff screens are not here: a dealer's phone never downloads them.
 */
export const SHELL_MODULES: readonly string[] = [SIGNED_IN_LAYOUT, ...WITH_EVERY_SCREEN];
/**
 * The modules precached beside the entry: SHELL_MODULES; HTTP_MODULE, loaded by the first API request of any
 * screen, the login screen's public settings included (without it an offline second visit could not even show
 * its error); and the English words every signed-in reader's screens load, which come with the first of them
 * (the staff screens' words are kept when a staff member's page first loads them, as the staff screens are).
 */
export const PRECACHED_MODULES: readonly string[] = [...SHELL_MODULES, HTTP_MODULE, ...ENGLISH_WORDS_OF_EVERY_READER];

/**
 * The names a module's chunk may have in the build, relative to the client's root: its own, or for a catalogue of
 * words, that of the module build/compiled-catalogs.ts compiles it into.
 */
export const builtNames = (module: string): string[] => [module, `${module}.compiled.js`];

/** Public files (client/public) precached with the shell: the manifest and what it and index.html name. */
function publicShellFiles(publicDir: string): string[] {
  const files = ['manifest.webmanifest'].filter((file) => existsSync(path.join(publicDir, file)));
  const iconsDir = path.join(publicDir, 'icons');
  if (existsSync(iconsDir)) for (const icon of readdirSync(iconsDir).sort()) files.push(`icons/${icon}`);
  return files;
}

const toPosix = (file: string) => file.split(path.sep).join('/');

/**
 * The files of the shell, as the bundle names them (relative to dist): the entry chunk (index.html's script)
 * with its static imports and their CSS, and the same for each of `modules` (root-relative source paths).
 * A module of styles alone (styles/all-components.ts) has no chunk left in the bundle, only its CSS file.
 */
export function shellFiles(bundle: OutputBundle, root: string, modules: readonly string[] = PRECACHED_MODULES): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const sourceOf = (chunk: OutputChunk) =>
    chunk.facadeModuleId ? toPosix(path.relative(root, chunk.facadeModuleId)) : undefined;
  const files = new Set<string>();
  const addClosure = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') addClosure(next);
    }
  };

  const entry = chunks.find((chunk) => chunk.isEntry && sourceOf(chunk) === 'index.html');
  if (!entry) throw new Error('service worker: the bundle has no chunk for index.html');
  addClosure(entry);
  const entryFiles = new Set(files);
  for (const module of modules) {
    const names = builtNames(module);
    const chunk = chunks.find((candidate) => names.includes(sourceOf(candidate) ?? ''));
    if (chunk) {
      addClosure(chunk);
      continue;
    }
    const styles = Object.values(bundle).filter(
      (output) => output.type === 'asset' && output.fileName.endsWith('.css') && output.originalFileNames.includes(module),
    );
    if (styles.length === 0) throw new Error(`service worker: ${module} is not in the bundle: was it renamed or removed?`);
    for (const style of styles) files.add(style.fileName);
  }
  // The frame's parts imported when first used (the user menu, the inbox panel, the drawer, the notifications
  // container, the email dialog: components/ui/deferred.tsx, decision 039): the dynamic imports of the shell's own
  // chunks, not of the entry's (the router's screens). Kept by the worker, a first press is answered from its cache.
  const shellChunks = chunks.filter((chunk) => files.has(chunk.fileName) && !entryFiles.has(chunk.fileName));
  for (const chunk of shellChunks)
    for (const imported of chunk.dynamicImports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') addClosure(next);
    }
  return [...files];
}

/** A hash of the list and of the content of every file whose name has no hash in it (index.html, the icons). */
export function shellVersion(urls: readonly string[], contentOf: (url: string) => Buffer | string): string {
  const hash = createHash('sha256');
  for (const url of urls) {
    hash.update(`${url}\n`);
    if (!url.startsWith('/assets/')) hash.update(contentOf(url));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Compiles sw.ts (and what it imports) into one minified classic script. */
async function compileWorker(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: path.join(root, WORKER_SOURCE), formats: ['iife'], name: 'serviceWorker', fileName: () => WORKER_FILE },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : []));
  const code = outputs.find((output) => output.type === 'chunk' && output.fileName === WORKER_FILE);
  if (!code || code.type !== 'chunk') throw new Error('service worker: the worker did not compile to one script');
  return code.code;
}

/** sw.js: the version and the precache list as globals of the worker (sw.ts declares them), then its code. */
export function workerScript(version: string, precache: readonly string[], code: string): string {
  return `var __SW_VERSION__ = ${JSON.stringify(version)};\nvar __SW_PRECACHE__ = ${JSON.stringify(precache)};\n${code}`;
}

/** The version and the precache list written into a built sw.js. */
export function readWorker(script: string): { version: string; precache: string[] } {
  const version = /^var __SW_VERSION__ = (".*");$/m.exec(script);
  const precache = /^var __SW_PRECACHE__ = (\[.*\]);$/m.exec(script);
  if (!version || !precache) throw new Error('sw.js does not start with a version and a precache list');
  return { version: JSON.parse(version[1]!) as string, precache: JSON.parse(precache[1]!) as string[] };
}

/** Brotli and gzip copies beside sw.js, as build/precompress.ts writes them for every other text file. */
function compressBeside(file: string): void {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/**
 * Vite plugin: writes dist/sw.js (and its .br and .gz) when the build is finished. Its precache list is
 * /index.html, the shell's files and the frame's parts used on demand (shellFiles, read from the bundle) and
 * the public files of the install (manifest, icons, favicon); its version is a hash of them (shellVersion), so any change to them makes a new
 * worker. It runs last (closeBundle, order 'post'): the version must hash index.html as it is sent, after
 * every step that rewrites it (precompress's step that prerenders the login and the signed-in frames). The
 * code of the other screens is not precached: the worker keeps each chunk as a screen loads it.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  let precache: string[] | undefined;
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle(_options, bundle) {
      const publicFiles = publicDir ? publicShellFiles(publicDir) : [];
      precache = ['/index.html', ...shellFiles(bundle, root).map((file) => `/${file}`), ...publicFiles.map((file) => `/${file}`)];
    },
    closeBundle: {
      order: 'post',
      async handler() {
        if (!precache) return;
        const version = shellVersion(precache, (url) => readFileSync(path.join(outDir, url)));
        const file = path.join(outDir, WORKER_FILE);
        writeFileSync(file, workerScript(version, precache, await compileWorker(root)));
        compressBeside(file);
      },
    },
  };
}
