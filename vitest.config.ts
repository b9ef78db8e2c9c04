import { defineConfig } from 'vitest/config';

// One runner for the three workspaces; each project has its own environment (node or jsdom).
export default defineConfig({
  test: { projects: ['common', 'server', 'client', 'client/vitest.build.config.ts'] },
});
