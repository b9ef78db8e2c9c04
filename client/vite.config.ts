import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './build/compiled-catalogs';
import { earlyRequests } from './build/early-requests';
import { precompress } from './build/precompress';
import { prerenderLogin } from './build/prerender-login';
import { writeRouteShells } from './build/route-shells';

// The API server listens on 3000 (contract "Run and configure": PORT); in development the client is
// served here and forwards API calls and uploaded images to it, so the browser sees one origin.
const apiServer = 'http://localhost:3000';
const clientRoot = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  // earlyRequests: the inline script that starts a signed-in page's data requests with its code (decision 023).
  // writeRouteShells: one page per route naming every file its first screen needs (decision 023).
  // prerenderLogin: the login screen rendered into index.html at build time (decision 023).
  // precompress: .br and .gz copies beside each text file of dist/, which the server sends by Accept-Encoding.
  plugins: [
    compiledCatalogs(),
    react(),
    earlyRequests(),
    precompress([writeRouteShells, (outDir) => prerenderLogin(outDir, clientRoot)]),
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
    // index.html names every chunk the entry imports (modulepreload: fetched at once, not one level after
    // another). Inside the entry, the table of what to fetch beside each lazily loaded screen lists only the
    // stylesheets: listing the JS files made it grow with every screen (about 1 KB gzip of the login route for
    // issues 10 and 11). A navigation gets its route's JS files from the route's own page instead
    // (build/route-shells.ts, decision 023); a screen reached inside the app fetches its shared chunks when
    // its own chunk arrives.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // The manifest lets the build's own steps (route pages, budgets, the service worker) know each route's files.
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
  },
});
