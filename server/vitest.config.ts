import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Fails a test whose requests got an answer its route does not declare (lib/answer-check.ts).
    setupFiles: ['src/test/answer-check-setup.ts'],
    // Each file opens its own database copy (~1 s on PGlite); bcrypt makes sign-ins ~55 ms each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
