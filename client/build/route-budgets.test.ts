import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRouteCosts, measureRoutes, unbudgetedScreens } from './route-budgets';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir = '';

// The real production build (vite.config.ts, with its precompress plugin), into a directory of its own.
beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'client-budgets-'));
  // Vitest sets NODE_ENV=test, and Vite honours NODE_ENV: without this, React's development build is measured.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root: clientDir,
      configFile: path.join(clientDir, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('bundle budgets (issue 8): what each route downloads, gzip', () => {
  it('when the client is built, then every route stays within its JS and CSS budget', () => {
    const costs = measureRoutes(outDir);
    // The table goes to the test output (and CI's log) whether or not a route is over.
    console.log(`\n${formatRouteCosts(costs)}\n`);

    expect(costs.filter((cost) => cost.overBudget).map((cost) => cost.route)).toEqual([]);
  });

  it('when the router loads a screen lazily, then a budget names it', () => {
    expect(unbudgetedScreens(outDir)).toEqual([]);
  });

  it('when a budget is tight, then the measure would catch it (the login route measured against 1 KB)', () => {
    const [login] = measureRoutes(outDir, [{ route: '/', modules: ['index.html'], budget: { js: 1, css: 1 } }]);
    expect(login).toMatchObject({ route: '/', overBudget: true });
    expect(login!.js).toBeGreaterThan(50);
  });
});
