import { defineProject } from 'vitest/config';

// The "client-build" project of the root config: tests of the build itself (precompression, the routes'
// bundle budgets), in Node rather than jsdom and without the screens' setup.
export default defineProject({
  test: {
    name: 'client-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
    // The budgets test runs a whole production build first.
    testTimeout: 120_000,
  },
});
