import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_SCRIPT } from './early-requests';
import { KEEP_LOGIN_SCRIPT } from './prerender-login';
import { ROUTE_BUDGETS } from './route-budgets';
import { SHELLS_INDEX } from './route-shells';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir = '';
let manifest: Manifest;
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map(([, file]) => file!);

// The production build (vite.config.ts), into a directory of its own.
beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'client-shells-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root: clientDir,
      configFile: path.join(clientDir, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(read('.vite/manifest.json')) as Manifest;
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A module's file and every file it imports statically, as the browser would find them one after another. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]!;
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const sheet of chunk.css ?? []) into.add(sheet);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

describe('route pages (issue 19, decision 023): the HTML names what the first screen needs', () => {
  it('when the login page loads, then index.html preloads nothing: its screen is in the page, the scripts only make it live', () => {
    expect(preloadsOf(read('index.html'))).toEqual([]);
  });

  it('when another route opens, then its page names every chunk the entry imports, so none waits for another', () => {
    const named = new Set(preloadsOf(read('shells/user-profile.html')));
    const entry = manifest['index.html']!;
    for (const file of closure('index.html')) if (file !== entry.file && !file.endsWith('.css')) expect(named).toContain(file);
  });

  it('when the build is done, then every screen past the login has a page, listed for the server', () => {
    const index = JSON.parse(read(SHELLS_INDEX)) as { pattern: string; file: string }[];
    const patterns = ROUTE_BUDGETS.filter(({ route }) => route.startsWith('/') && route !== '/').flatMap(({ route }) =>
      route.split(', '),
    );
    expect(index.map(({ pattern }) => pattern).sort()).toEqual(patterns.sort());
    for (const { file } of index) expect(existsSync(path.join(outDir, file))).toBe(true);
  });

  it('when a customer opens the shop, then its page names the layout, the shop and everything they import, and no staff screen', () => {
    const named = new Set(preloadsOf(read('shells/user-shop.html')));
    const needed = new Set([
      ...closure('src/app/routes/signed-in-layout.tsx'),
      ...closure('src/app/routes/user/shop.tsx'),
      ...closure('src/app/query-scope.tsx'),
      ...closure('src/styles/all-components.ts'),
    ]);
    // The entry and its stylesheet are index.html's own script and stylesheet; everything else is preloaded.
    for (const own of [manifest['index.html']!.file, ...(manifest['index.html']!.css ?? [])]) needed.delete(own);
    for (const file of needed) expect(named, file).toContain(file);
    expect([...named].some((file) => file.includes('admin-dashboard'))).toBe(false);
    for (const file of named) expect(existsSync(path.join(outDir, file)), file).toBe(true);
  });

  it('when a page names a file, then the browser fetches it as the app will (same CORS mode, module or style)', () => {
    const html = read('shells/admin-dashboard.html');
    const links = html.match(/<link rel="(?:modulepreload|preload)"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      expect(link).toContain('crossorigin');
      expect(link).toMatch(link.includes('.css') ? /rel="preload" as="style"/ : /rel="modulepreload"/);
    }
  });

  it('when a page is built, then its inline scripts are the early requests and, on the login page, the prerender’s keeper', () => {
    const inline = (file: string) => [...read(file).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
    expect(inline('index.html')).toEqual([EARLY_REQUESTS_SCRIPT, KEEP_LOGIN_SCRIPT]);
    expect(inline('shells/user-shop.html')).toEqual([EARLY_REQUESTS_SCRIPT]);
  });

  it('when the login page is built, then #root already holds the login screen, styled for the light scheme', () => {
    const html = read('index.html');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Login To Earn Rewards!');
    expect(root).toMatch(/<label[^>]*>Username/);
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Login/);
    expect(html).toContain('data-mantine-color-scheme="light"');
    // The other routes' pages carry an empty #root: their screens are not the login.
    expect(read('shells/user-shop.html')).toContain('<div id="root"></div>');
  });
});
