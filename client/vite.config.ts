import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compiledCatalogs } from './build/compiled-catalogs';
import { inlineStylesheetsKnown } from './build/inline-stylesheets-known';
import { mantineIdsFromReact } from './build/mantine-ids-from-react';
import { mantineLazyDefaultVariables } from './build/mantine-lazy-default-variables';
import { precompress } from './build/precompress';
import { prerenderScreens } from './build/prerender-screens';
import { serviceWorker } from './build/service-worker';

// The API server listens on 3000 (contract "Run and configure": PORT); in development the client is
// served here and forwards API calls and uploaded images to it, so the browser sees one origin.
const apiServer = 'http://localhost:3000';
const clientRoot = path.dirname(fileURLToPath(import.meta.url));
/**
 * `REACT_PROFILING=1`: React's profiling build with the components' names kept, for the Lighthouse bench's
 * breakdown of main-thread work by component (bench/main-thread-causes.ts, issue 29). React 19.2 then logs each
 * component's render and effects into the trace (console.timeStamp), once a devtools hook exists before it loads.
 * Slower than the production build: built into a folder of its own (bench/lighthouse.bench.ts), never client/dist.
 */
const reactProfiling = process.env.REACT_PROFILING === '1';

/** The profiling build's extras: React's profiling renderer and a stand-in devtools hook that turns its logging on. */
const profilingPlugin = (): Plugin => ({
  name: 'react-profiling',
  config: () => ({
    resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
    build: { rolldownOptions: { output: { keepNames: true } } },
  }),
  transformIndexHtml: () => [
    { tag: 'script', children: 'window.__REACT_DEVTOOLS_GLOBAL_HOOK__={isDisabled:true}', injectTo: 'head-prepend' },
  ],
});

export default defineConfig({
  // prerenderScreens: the login screen (decision 023) and the staff frames (decision 030) rendered into index.html at build
  // time, with the inline scripts that start a signed-in page's data requests with its code (decision 023) and keep
  // the screen to show, following the first screens' plan (app/first-screens.ts).
  // inlineStylesheetsKnown: the page's inline stylesheet is not fetched again by a lazily loaded screen (decision 027).
  // serviceWorker: dist/sw.js, precaching the shell (decision 025).
  // mantineIdsFromReact: Mantine's components take React's ids instead of rendering twice to set random ones (decision 032).
  // mantineLazyDefaultVariables: Mantine's default CSS variables are not computed while the entry is evaluated (decision 044).
  // precompress: .br and .gz copies beside each text file of dist/, which the server sends by Accept-Encoding.
  plugins: [
    compiledCatalogs(),
    mantineIdsFromReact(),
    mantineLazyDefaultVariables(),
    react(),
    inlineStylesheetsKnown(),
    serviceWorker(),
    precompress([(outDir) => prerenderScreens(outDir, clientRoot)]),
    ...(reactProfiling ? [profilingPlugin()] : []),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  build: {
    // Every browser we support preloads modules natively; the polyfill was 1 KB of the login route.
    // Inside the entry, the table of what to fetch beside each lazily loaded screen lists only the
    // stylesheets: listing the JS files made it grow with every screen (about 1 KB gzip of the login route for
    // issues 10 and 11). index.html names none of the entry's imports either: the login screen paints from the
    // page itself (prerendered, decision 023). A page per route naming all its files was tried and measured
    // slower (decision 023).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    // The manifest lets the build's own steps (budgets, the service worker) know each route's files.
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
  },
});
