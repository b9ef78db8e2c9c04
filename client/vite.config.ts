import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogs } from './build/compiled-catalogs';
import { precompress } from './build/precompress';

// The API server listens on 3000 (contract "Run and configure": PORT); in development the client is
// served here and forwards API calls and uploaded images to it, so the browser sees one origin.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz copies beside each text file of dist/, which the server sends by Accept-Encoding.
  plugins: [compiledCatalogs(), react(), precompress()],
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
    // The entry lists, for each lazily loaded screen, the files to fetch beside it; listing the JS files made
    // that table grow with every screen (about 1 KB gzip of the login route for issues 10 and 11). Only the
    // stylesheets are listed now (a screen must not paint without them); a screen's shared JS chunks are
    // fetched when its own chunk arrives, one round trip later on its first visit.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    outDir: 'dist',
    emptyOutDir: true,
  },
});
