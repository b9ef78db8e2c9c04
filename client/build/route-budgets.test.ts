import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientForTest } from './production-build';
import { formatRouteCosts, measureRoutes, unbudgetedScreens } from './route-budgets';

let outDir = '';

beforeAll(async () => {
  outDir = await buildClientForTest('budgets');
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
