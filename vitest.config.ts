import { defineConfig } from 'vitest/config';

// One runner for the three workspaces; each project has its own environment (node or jsdom).
// The server's API tests run on the embedded database always and, when TEST_DATABASE_URL names a PostgreSQL
// server, on it as well in the same run (project "server-postgresql"): the type checks, lint and the tests that
// touch no database run once, not once per database.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      'common',
      'client',
      'client/vitest.build.config.ts',
      { extends: './server/vitest.config.ts', root: './server', test: { name: 'server', env: { TEST_DATABASE_URL: '' } } },
      ...(postgresUrl
        ? [
            {
              extends: './server/vitest.config.ts',
              root: './server',
              test: { name: 'server-postgresql', env: { TEST_DATABASE_URL: postgresUrl } },
            },
          ]
        : []),
    ],
  },
});
