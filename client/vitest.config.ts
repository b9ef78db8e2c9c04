import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { compiledCatalogs } from './build/compiled-catalogs';

// Runs as the "client" project of the root config (test.projects), and on its own. Standalone rather
// than merged with vite.config.ts: tests need only the React transform, not the dev server's proxy.
export default defineProject({
  plugins: [compiledCatalogs(), react()],
  test: {
    name: 'client',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Screens render Mantine in jsdom and click through user-event: seconds each on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
