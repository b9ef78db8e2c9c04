import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import sharp from 'sharp';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGLISH_SCREEN_WORDS,
  ENGLISH_WORDS_OF_EVERY_READER,
  HTTP_MODULE,
  LOGIN_WHEN_LIMITED,
  SIGNED_IN_LAYOUT,
  WITH_EVERY_SCREEN,
} from '../src/app/shell-modules';
import { SCREEN_AREAS } from '../src/lib/i18n/catalogs';
import { ROUTE_BUDGETS } from './route-budgets';
import { buildClientForTest } from './production-build';
import { builtNames, PRECACHED_MODULES, readWorker, SHELL_MODULES, shellVersion } from './service-worker';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir = '';
let manifest: Manifest = {};
let worker: { version: string; precache: string[] } = { version: '', precache: [] };

beforeAll(async () => {
  outDir = await buildClientForTest('service-worker');
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  worker = readWorker(readFileSync(path.join(outDir, 'sw.js'), 'utf8'));
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A module's key in the manifest: its path, or that of the module a catalogue of words is compiled into. */
const keyOf = (module: string) => builtNames(module).find((name) => manifest[name] !== undefined);
const fileOf = (module: string) => {
  const key = keyOf(module);
  if (!key) throw new Error(`${module} is not in the build's manifest`);
  return `/${manifest[key]!.file}`;
};
const gzipBytes = (url: string) => {
  const file = path.join(outDir, url);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
};

describe('the service worker (decision 025): dist/sw.js and what it precaches', () => {
  it('when the client is built, then sw.js is one classic script whose list starts with index.html', () => {
    const script = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    // A worker registered without { type: 'module' } cannot import or export: the build must have bundled it.
    expect(() => new Script(script)).not.toThrow();
    expect(worker.version).toMatch(/^[0-9a-f]{16}$/);
    // Written last: the version is that of the files as they are sent, index.html after every step that rewrites it.
    expect(worker.version).toBe(shellVersion(worker.precache, (url) => readFileSync(path.join(outDir, url))));
    expect(existsSync(path.join(outDir, 'sw.js.br')) && existsSync(path.join(outDir, 'sw.js.gz'))).toBe(true);
    expect(worker.precache[0]).toBe('/index.html');
    expect(new Set(worker.precache).size).toBe(worker.precache.length);

    const kb = (urls: string[]) => (urls.reduce((sum, url) => sum + gzipBytes(url), 0) / 1024).toFixed(1);
    // What the login page has loaded already (its HTTP cache answers those without a download).
    const entry = ['index.html', ...(manifest['index.html']!.imports ?? [])].map(fileOf);
    const entryCss = (manifest['index.html']!.css ?? []).map((css) => `/${css}`);
    const extra = worker.precache.filter((url) => url !== '/index.html' && !entry.includes(url) && !entryCss.includes(url));
    console.log(
      `\nprecache: ${worker.precache.length} files, ${kb(worker.precache)} KB gzip; beyond the login page's own files: ${extra.length} files, ${kb(extra)} KB\n`,
    );
  });

  it('when the list is read, then it holds the entry’s code and styles and what every signed-in screen loads', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const entryScript = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    // The login page carries the entry's stylesheet inline (decision 023); the file stays in the list too.
    const entryStyles = (manifest['index.html']!.css ?? []).map((css) => `/${css}`);
    expect(entryScript).toBe(fileOf('index.html'));
    expect(entryStyles.length).toBeGreaterThan(0);

    const expected = [
      entryScript,
      ...entryStyles,
      ...(manifest['index.html']!.imports ?? []).map(fileOf),
      ...PRECACHED_MODULES.map(fileOf),
      ...(manifest[SIGNED_IN_LAYOUT]!.css ?? []).map((css) => `/${css}`),
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/icons/maskable-512.png',
    ];
    expect(worker.precache).toEqual(expect.arrayContaining(expected));
  });

  it('when the list is read, then it holds the frame’s parts imported at their first use (decision 039)', () => {
    // The dynamic imports of the shell's own chunks (not the entry's, which are the screens), from the manifest.
    const closure = (key: string, into = new Set<string>()): Set<string> => {
      if (into.has(key)) return into;
      into.add(key);
      for (const imported of manifest[key]!.imports ?? []) closure(imported, into);
      return into;
    };
    const entryKeys = closure('index.html');
    const shellKeys = SHELL_MODULES.flatMap((module) => (keyOf(module) ? [...closure(keyOf(module)!)] : []));
    const onDemand = shellKeys
      .filter((key) => !entryKeys.has(key))
      .flatMap((key) => manifest[key]!.dynamicImports ?? [])
      .flatMap((key) => [...closure(key)].filter((inner) => !entryKeys.has(inner)));
    expect(onDemand).toEqual(
      expect.arrayContaining([
        'src/components/layout/user-menu.tsx',
        'src/features/notifications/components/notifications-panel.tsx',
      ]),
    );
    expect(worker.precache).toEqual(expect.arrayContaining([...new Set(onDemand)].map((key) => `/${manifest[key]!.file}`)));
  });

  it('when the list is read, then no screen’s own code is in it: no staff screen, no customer screen', () => {
    const screens = ROUTE_BUDGETS.flatMap((route) => route.modules).filter((key) => key.startsWith('src/app/routes/'));
    const screenFiles = [...new Set(screens)].filter((key) => key !== SIGNED_IN_LAYOUT).map(fileOf);
    expect(screenFiles).toContain(fileOf('src/app/routes/admin-dashboard.tsx'));
    expect(screenFiles).toContain(fileOf('src/app/routes/user/shop.tsx'));
    expect(worker.precache.filter((url) => screenFiles.includes(url))).toEqual([]);
    // Staff-only code (the xlsx export) is not in the shell either.
    expect(worker.precache.filter((url) => /xlsx|admin|superadmin|staff\/|overview|audit/.test(url))).toEqual([]);
  });

  it('when the list is read, then it holds the words every signed-in reader loads and not the staff screens’ words', () => {
    // The areas every reader's screens read (SCREEN_AREAS), named as shell-modules.ts names their catalogues.
    const areaOf = (catalogue: string) => path.basename(catalogue, '.json');
    const everyReader: string[] = SCREEN_AREAS.customer.filter((area) =>
      SCREEN_AREAS.staff.some((staffArea) => staffArea === area),
    );
    expect(ENGLISH_WORDS_OF_EVERY_READER.map(areaOf)).toEqual(everyReader);
    expect(ENGLISH_SCREEN_WORDS.map(areaOf)).toEqual(SCREEN_AREAS.staff);
    expect(worker.precache).toEqual(expect.arrayContaining(ENGLISH_WORDS_OF_EVERY_READER.map(fileOf)));
    const staffOnly = ENGLISH_SCREEN_WORDS.filter((catalogue) => !everyReader.includes(areaOf(catalogue)));
    expect(staffOnly.map(areaOf)).toEqual(['staff', 'operations']);
    const staffOnlyFiles = staffOnly.map(fileOf);
    expect(worker.precache.filter((url) => staffOnlyFiles.includes(url))).toEqual([]);
  });

  it('when the list is read, then every file in it is in dist (an install would fail on one missing file)', () => {
    expect(worker.precache.filter((url) => !existsSync(path.join(outDir, url)))).toEqual([]);
  });

  it('when the shell modules are listed, then they are those every signed-in screen loads (route-budgets.ts)', () => {
    const shop = ROUTE_BUDGETS.find((route) => route.route === '/user/shop')!;
    expect(shop.modules).toEqual(expect.arrayContaining([...SHELL_MODULES]));
  });
});

// app/router.tsx loads the shell with import()s of literal paths (Vite splits the bundle only there), and
// app/shell-modules.ts names the same modules for the build's steps: here the build itself says whether the two
// agree. The router is in the entry's chunk (main.tsx imports it), with lib/api-client.ts (the HTTP module) and
// lib/i18n/catalogs.ts (the words): the entry's dynamic imports in the manifest are what they load lazily.
describe('app/shell-modules.ts against what the router loads with every screen', () => {
  const declared = [SIGNED_IN_LAYOUT, ...WITH_EVERY_SCREEN, HTTP_MODULE, ...ENGLISH_SCREEN_WORDS, ...LOGIN_WHEN_LIMITED];
  const loadedLazily = () => manifest['index.html']!.dynamicImports ?? [];

  it('when the client is built, then the entry loads lazily every module shell-modules.ts declares', () => {
    const entryCode = readFileSync(path.join(outDir, manifest['index.html']!.file), 'utf8');
    const notLoaded = declared.filter((module) => {
      const key = keyOf(module);
      if (!key) return true;
      // A module of styles alone (styles/all-components.ts) has no chunk left, so no dynamic import in the
      // manifest: what remains of the router's import() is the entry preloading the module's stylesheet.
      const file = manifest[key]!.file;
      return file.endsWith('.css') ? !entryCode.includes(`"${file}"`) : !loadedLazily().includes(key);
    });
    expect(notLoaded).toEqual([]);
  });

  it('when the client is built, then each module the entry loads lazily is a screen, Hindi or in shell-modules.ts', () => {
    const declaredKeys = declared.flatMap(builtNames);
    // The screens (each with its budget, route-budgets.test.ts) and the words of another language than English,
    // loaded when it is chosen (lib/i18n/catalogs.ts' loadHindi), are the entry's other lazily loaded modules.
    const undeclared = loadedLazily().filter(
      (key) => !declaredKeys.includes(key) && !key.startsWith('src/app/routes/') && !/\/i18n\/locales\/(?!en\/)/.test(key),
    );
    expect(undeclared).toEqual([]);
  });
});

describe('shellVersion', () => {
  const list = ['/index.html', '/assets/index-abc.js', '/manifest.webmanifest'];
  const contents: Record<string, string> = { '/index.html': '<html>a</html>', '/manifest.webmanifest': '{}' };

  it('when a deploy changes index.html or the manifest only, then the version changes (a new worker installs)', () => {
    const before = shellVersion(list, (url) => contents[url]!);
    expect(shellVersion(list, (url) => contents[url]!)).toBe(before);
    expect(shellVersion(list, (url) => (url === '/index.html' ? '<html>b</html>' : contents[url]!))).not.toBe(before);
    expect(shellVersion(list, (url) => (url === '/manifest.webmanifest' ? '{"a":1}' : contents[url]!))).not.toBe(before);
    expect(shellVersion(['/index.html', '/assets/index-def.js', '/manifest.webmanifest'], (url) => contents[url]!)).not.toBe(
      before,
    );
  });
});

describe('manifest.webmanifest and its icons', () => {
  type WebManifest = {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  const publicDir = path.join(clientDir, 'public');
  const webManifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as WebManifest;

  /** Width and height from a PNG's IHDR chunk (bytes 16–23). */
  const pngSize = (file: string) => {
    const bytes = readFileSync(file);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
  };

  it('when the manifest is read, then it names the app, opens standalone at / and lists a 192, a 512 and a maskable icon', () => {
    expect(webManifest).toMatchObject({
      name: 'Rewards portal',
      short_name: 'Rewards',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1971c2',
    });
    expect(webManifest.icons.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });

  it('when the icons are read, then each exists with the size the manifest declares (and the apple-touch icon is 180)', () => {
    for (const icon of webManifest.icons) expect(pngSize(path.join(publicDir, icon.src))).toBe(icon.sizes);
    expect(pngSize(path.join(publicDir, 'icons', 'apple-touch-icon.png'))).toBe('180x180');
  });

  it('when the maskable icon is cut to a circle, then the whole star is inside the safe zone (80% of the width)', async () => {
    const { data, info } = await sharp(path.join(publicDir, 'icons', 'maskable-512.png'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const centre = info.width / 2;
    let starPixels = 0;
    let outside = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const at = (y * info.width + x) * info.channels;
        if (data[at]! < 200 || data[at + 1]! < 200 || data[at + 2]! < 200) continue; // blue background
        starPixels++;
        if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > 0.4 * info.width) outside++;
      }
    }
    expect(starPixels).toBeGreaterThan(0.05 * info.width * info.height);
    expect(outside).toBe(0);
  });
});
