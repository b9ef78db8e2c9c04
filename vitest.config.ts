import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the three workspaces; each project has its own environment (node or jsdom).
// The server's API tests run on the embedded database always and, when TEST_DATABASE_URL names a PostgreSQL
// server, on it as well in the same run (project "server-postgresql"): the type checks, lint and the tests that
// touch no database run once, not once per database.
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single file at a time on a two-core machine, while
    // most tests wait on a database or bcrypt. Two files at a time took the whole run from 1,000 s to 688 s
    // there (2,017 tests, both databases).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'common',
      'client',
      'client/vitest.build.config.ts',
      // The benchmarks' own tools (reading traces), on hand-made inputs.
      { test: { name: 'bench', root: './bench', include: ['*.test.ts'], environment: 'node' } },
      // The repository's own rules (lint), tried on probe files.
      { test: { name: 'tooling', root: './scripts', include: ['*.test.ts'], environment: 'node' } },
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
