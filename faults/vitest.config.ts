import { defineConfig } from 'vitest/config';

// `npm run test:faults`: real server processes on a real PostgreSQL, broken on purpose (issue 7). One file at
// a time: each starts servers, and the machine may have two cores.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
