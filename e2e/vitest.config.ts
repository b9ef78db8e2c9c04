import { defineConfig } from 'vitest/config';

// Browser journeys: a real server process on the embedded database and the system Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A first screen on a loaded CI machine can take several seconds; the default 1 s poll failed there.
    expect: { poll: { timeout: 10_000 } },
  },
});
