// ESLint flat config for the whole repository (`npm run lint`). The import boundaries below are the ones
// ADR 001 "House style" and ADR 008 "The shape of a feature" state in prose.
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Feature folders are read when the config loads, so a new feature gets its boundary without an edit here.
function featureFolders(dir) {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}
const clientFeatures = featureFolders('client/src/features');
const serverFeatures = featureFolders('server/src/features');

// `except` globs are matched against the resolved absolute path of the import, so they must be absolute.
const abs = (glob) => path.posix.join(root.split(path.sep).join('/'), glob);

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'server/src/test/**', 'client/src/testing/**', 'e2e/**', 'faults/**'];
// Files outside every tsconfig's "include": linted without type information.
const UNTYPED_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.d.mts', 'vitest.config.ts', 'common/vitest.config.ts'];

/**
 * Zones for import-x/no-restricted-paths. `target` is the importing file, `from` the forbidden import.
 * Tests get a slightly looser set (see `tests`), because rule options do not merge between config blocks.
 */
function boundaryZones({ tests }) {
  return [
    // common/ is imported by both sides and depends on nothing but zod (ADR 001); tests may use vitest.
    {
      target: './common/src',
      from: '.',
      except: ['./common', './node_modules/zod', ...(tests ? ['./node_modules/vitest', './node_modules/@vitest'] : [])],
      message: 'common/ may import only zod (and itself).',
    },
    // The two apps share code only through @app/common.
    { target: './client', from: './server', message: 'Share code with the server through @app/common.' },
    { target: './server', from: './client', message: 'Share code with the client through @app/common.' },

    // client: shared code (lib, components, config) -> features -> app; one feature never imports another.
    // components/layout imports only config/ and lib/ today, so it needs no exception: keep the rule strict.
    {
      target: ['./client/src/lib', './client/src/components', './client/src/config'],
      from: ['./client/src/features', './client/src/app'],
      message: 'Shared client code must not depend on features or app; compose in client/src/app.',
    },
    { target: './client/src/features', from: './client/src/app', message: 'Features must not import app/.' },
    ...clientFeatures.map((feature) =>
      tests
        ? {
            // A feature's test may read another feature's query keys (keys.ts) to check shared cache effects.
            target: `./client/src/features/${feature}`,
            from: './client/src/features/**',
            except: [abs(`client/src/features/${feature}/**`), abs('client/src/features/*/keys.ts')],
            message: `client feature "${feature}" must not import another feature (tests may use its keys.ts).`,
          }
        : {
            target: `./client/src/features/${feature}`,
            from: './client/src/features',
            except: [`./${feature}`],
            message: `client feature "${feature}" must not import another feature; compose them in client/src/app.`,
          },
    ),

    // server: a feature reaches another feature only through its *.service.ts, never its repository,
    // mapper or routes (ADR 001, ADR 008); or through its *.render.ts, pure functions that put its messages into
    // words (the outbox renders a notification without the notifications service, which writes to the outbox).
    ...serverFeatures.map((feature) => ({
      target: `./server/src/features/${feature}`,
      from: './server/src/features/**',
      except: [
        abs(`server/src/features/${feature}/**`),
        abs('server/src/features/*/*.service.ts'),
        abs('server/src/features/*/*.render.ts'),
      ],
      message: `server feature "${feature}" may use another feature only through its *.service.ts (or *.render.ts).`,
    })),
    // A service states rules; the tables are its repository's (issue 31): no service reads db/schema.
    {
      target: './server/src/features/**/*.service.ts',
      from: './server/src/db/schema',
      message: 'A service reaches the tables only through its repository; move the query into <feature>.repository.ts.',
    },
    // lib/ is below the features: nothing from features/.
    { target: './server/src/lib', from: './server/src/features', message: 'server/src/lib must not import features.' },
    // db/ (seed, migrate, client) may call a feature's service like a feature would, but no repository,
    // mapper or routes. Stricter than "no repositories" on purpose: the same rule as feature-to-feature.
    {
      target: './server/src/db',
      from: './server/src/features/**',
      except: [abs('server/src/features/*/*.service.ts')],
      message: 'server/src/db may use a feature only through its *.service.ts, never its repository.',
    },
  ];
}

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    'server/src/db/migrations/**',
    '**/test-results/**',
    'data/**',
    '**/coverage/**',
    '.tmp/**',
  ]),

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Base: ESLint recommended + typescript-eslint with type information (each file uses its nearest tsconfig).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      // Kept on explicitly (they are in recommendedTypeChecked): an unhandled promise is a bug here. Only
      // react-router's navigate() is exempt: its promise (data routers) never carries an error to handle.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // JSX handlers may be async (Mantine/React ignore the returned promise); everything else is checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `_name` marks a parameter that must exist for its position (Express error handlers, test.each).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Config files and plain-JS scripts are outside every tsconfig: lint them without type information.
  {
    files: UNTYPED_FILES,
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['scripts/**', '**/*.config.{ts,js,mjs,cjs}', 'server/src/**', 'e2e/**', 'bench/**', 'faults/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['client/src/**', 'e2e/**', 'bench/**'],
    languageOptions: { globals: globals.browser },
  },

  // React hooks (including the React Compiler rules of v7's recommended set) for the client.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  // Import boundaries, resolved like TypeScript resolves them (relative .ts/.tsx files, @app/common).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files import-x reads the imports of (no-cycle follows them): TypeScript's too, parsed as the lint does.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['common', 'server', 'client', 'e2e', 'bench', 'faults', 'scripts'].map(
            (dir) => `${root}/${dir}/tsconfig.json`,
          ),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ tests: false }) }],
      // No module may reach itself through its imports at run time (issue 31): a cycle makes the order modules
      // are evaluated in decide whether a function exists yet. Type-only imports vanish at run time and are not counted.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // common/ uses no Node built-ins either (they resolve to no file, so the zones above cannot see them).
  {
    files: ['common/src/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },

  // Tests: looser boundaries (vitest in common, another client feature's keys.ts).
  {
    files: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones({ tests: true }) }],
      // supertest types `response.body` as `any` and the tests assert on it with expect(): these four rules
      // made ~98 of the repo's 112 unsafe-any findings, all on response bodies, none a real type hole.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
]);
