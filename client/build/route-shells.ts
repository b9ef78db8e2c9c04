import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { ROUTE_BUDGETS, type RouteBudget } from './route-budgets';

/**
 * One HTML page per route (issue 19, decision 023): index.html plus `<link rel=modulepreload>` for every
 * JavaScript file the route's first screen runs and `<link rel=preload as=style>` for its stylesheets, so the
 * browser fetches them all at once while it parses the page. Without them each lazily loaded module is found
 * only when the one before it has run (entry → layout → screen → the screen's own imports), a round trip each
 * on a phone. The server (server/src/static.ts) sends the route's page for a navigation and index.html for
 * any other path; `shells/routes.json` maps each route pattern (`/product/:id`) to its page.
 */

/** Where the pages go in the build, and the map the server reads. */
export const SHELLS_DIR = 'shells';
export const SHELLS_INDEX = `${SHELLS_DIR}/routes.json`;

export type RouteShell = { pattern: string; file: string; preloads: { js: string[]; css: string[] } };

// Every screen past the login loads the words of the signed-in screens in the reader's language
// (lib/i18n/language.ts, loadScreenCatalogs). English is preloaded: a Hindi reader's catalogues come a round
// trip later, as before.
const SCREEN_CATALOGS = ['frame', 'customer', 'staff', 'operations'].map(
  (area) => `../common/src/i18n/locales/en/${area}.json.compiled.js`,
);

/** The files a module runs before it starts: its own, then every chunk it imports statically, recursively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key)) return;
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest: was it renamed or removed from the router?`);
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
}

/** '/user/shop' → 'user-shop'; '/product/:id' → 'product-id'. */
const slug = (pattern: string) => pattern.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/** The routes with the files their first screen needs, beyond what index.html already names. */
export function routeShells(manifest: Manifest, budgets: RouteBudget[] = ROUTE_BUDGETS): RouteShell[] {
  const entry = manifest['index.html'];
  if (!entry) throw new Error('The build has no index.html entry');
  const shells: RouteShell[] = [];
  for (const { route, modules } of budgets) {
    // The login page is index.html itself; an unknown path gets index.html too.
    if (route === '/' || !route.startsWith('/')) continue;
    const keys = new Set<string>();
    const signedIn = modules.includes('src/app/routes/signed-in-layout.tsx') || modules.includes('src/app/query-scope.tsx');
    // The entry's own imports too: index.html names none (the login paints without them).
    for (const module of ['index.html', ...modules, ...(signedIn ? SCREEN_CATALOGS : [])]) staticClosure(manifest, module, keys);
    const js: string[] = [];
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      for (const sheet of chunk.css ?? []) css.add(sheet);
      // index.html's own script.
      if (key === 'index.html') continue;
      // A module of styles alone (styles/all-components.ts) is a chunk whose file is the stylesheet.
      if (chunk.file.endsWith('.css')) css.add(chunk.file);
      else js.push(chunk.file);
    }
    for (const sheet of entry.css ?? []) css.delete(sheet);
    // '/admin-items, /superadmin-items': one screen at two addresses.
    for (const pattern of route.split(',').map((part) => part.trim())) {
      shells.push({ pattern, file: `${SHELLS_DIR}/${slug(pattern)}.html`, preloads: { js, css: [...css] } });
    }
  }
  return shells;
}

/** index.html with the route's preloads at the end of its head. */
export function shellHtml(indexHtml: string, shell: RouteShell): string {
  const links = [
    ...shell.preloads.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...shell.preloads.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  return indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

/** Writes every route's page and the map into a finished build (before it is precompressed). */
export function writeRouteShells(outDir: string): RouteShell[] {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const shells = routeShells(manifest);
  mkdirSync(path.join(outDir, SHELLS_DIR), { recursive: true });
  for (const shell of shells) writeFileSync(path.join(outDir, shell.file), shellHtml(indexHtml, shell));
  const index = shells.map(({ pattern, file }) => ({ pattern, file }));
  writeFileSync(path.join(outDir, SHELLS_INDEX), `${JSON.stringify(index, null, 2)}\n`);
  return shells;
}
