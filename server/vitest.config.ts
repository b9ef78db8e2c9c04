import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database copy (~1 s on PGlite); bcrypt makes sign-ins ~55 ms each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
