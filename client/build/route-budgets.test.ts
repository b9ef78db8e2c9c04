import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { apiErrorAnswer } from '@app/common';
import coreEn from '@app/common/i18n/locales/en/core.json';
import frameEn from '@app/common/i18n/locales/en/frame.json';
import customerEn from '@app/common/i18n/locales/en/customer.json';
import staffEn from '@app/common/i18n/locales/en/staff.json';
import operationsEn from '@app/common/i18n/locales/en/operations.json';
import { SCREEN_AREAS, type ScreenArea } from '../src/lib/i18n/catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientForTest } from './production-build';
import {
  BUDGET_KB,
  formatRouteCosts,
  measureRoutes,
  ROUTE_BUDGETS,
  routeBudgets,
  routerScreens,
  scriptsOfRoute,
  unbudgetedScreens,
} from './route-budgets';

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

  it('when the client is built, then it carries none of the answers’ schemas: it reads answers as types only', () => {
    // A phrase of one answer schema (common/src/answers), which no screen shows.
    const phrase = apiErrorAnswer.shape.details.description!;
    const scripts = readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((name) => readFileSync(path.join(outDir, 'assets', name), 'utf8').includes(phrase))).toEqual([]);
  });

  it('when a budget is tight, then the measure would catch it (the login route measured against 1 KB)', () => {
    const [login] = measureRoutes(outDir, [{ route: '/', modules: ['index.html'], budget: { js: 1, css: 1 } }]);
    expect(login).toMatchObject({ route: '/', overBudget: true });
    expect(login!.js).toBeGreaterThan(50);
  });
});

describe('the budgets’ routes, read from the router’s table (app/router.tsx)', () => {
  it('when the router is read, then each screen has its paths, its budget and the layout where the layout frames it', () => {
    const budgetOf = (route: string) => ROUTE_BUDGETS.find((budget) => budget.route === route);
    expect(ROUTE_BUDGETS[0]).toEqual({ route: '/', modules: ['index.html'], budget: BUDGET_KB.login });
    expect(budgetOf('/user/shop')).toEqual({
      route: '/user/shop',
      modules: [
        'index.html',
        'src/app/routes/signed-in-layout.tsx',
        'src/app/query-scope.tsx',
        'src/styles/all-components.ts',
        'src/app/routes/user/shop.tsx',
      ],
      budget: BUDGET_KB.customerScreen,
    });
    expect(budgetOf('/admin-items, /superadmin-items')).toMatchObject({
      modules: expect.arrayContaining(['src/app/routes/signed-in-layout.tsx', 'src/app/routes/staff/items.tsx']) as unknown,
      budget: BUDGET_KB.staffScreen,
    });
    for (const route of ['/reset-password', '(any unknown path)']) {
      expect(budgetOf(route)?.budget).toBe(BUDGET_KB.customerScreen);
      expect(budgetOf(route)?.modules).not.toContain('src/app/routes/signed-in-layout.tsx');
    }
  });

  it('when a screen is added to the table, then it has a budget without an edit to route-budgets.ts', () => {
    const router = `
      const staffItems = () => import('./routes/staff/items');
      export const routes = [
        {
          path: paths.login.path,
          children: [
            screen(paths.resetPassword.path, 'title.resetPassword', () => import('./routes/reset-password')),
            {
              ...lazyRoute(() => import('./routes/signed-in-layout')),
              children: [
                screen(paths.help.path, 'title.help', () => import('./routes/help')),
                screen('/admin-new', 'title.items', staffItems),
                screen('/superadmin-new', 'title.items', staffItems, 'staffItems.title'),
              ],
            },
          ],
        },
      ];`;
    expect(routerScreens(router)).toEqual([
      { mountedAt: ['/reset-password'], module: 'src/app/routes/reset-password.tsx', inLayout: false },
      { mountedAt: ['/help'], module: 'src/app/routes/help.tsx', inLayout: true },
      { mountedAt: ['/admin-new', '/superadmin-new'], module: 'src/app/routes/staff/items.tsx', inLayout: true },
    ]);
    expect(routeBudgets(routerScreens(router)).map((budget) => [budget.route, budget.budget])).toEqual([
      ['/', BUDGET_KB.login],
      ['/reset-password', BUDGET_KB.customerScreen],
      ['/help', BUDGET_KB.customerScreen],
      ['/admin-new, /superadmin-new', BUDGET_KB.staffScreen],
    ]);
  });

  it('when a screen’s path or module cannot be read, then reading the router fails rather than leave it out', () => {
    expect(() => routerScreens(`screen(paths.help.path, 'title.help', loadHelp);`)).toThrow(/router\.tsx:1: a screen\(\)/);
    expect(() => routerScreens(`screen(helpPath, 'title.help', () => import('./routes/help'));`)).toThrow(/cannot read/);
    expect(() => routerScreens(`screen('/x', 'title.help', () => import('./routes/no-such-screen'));`)).toThrow(/cannot read/);
  });
});

// lib/i18n/catalogs.ts: a customer's screens load only the areas SCREEN_AREAS.customer names. A word of another
// area on a customer's screen would show as its key: here every script a customer's route may run (its screen,
// the layout, their dialogs and menus) is read for the keys of the other areas.
describe('the words a customer’s screens load (SCREEN_AREAS)', () => {
  const areas: Record<ScreenArea, Record<string, string>> = {
    frame: frameEn,
    customer: customerEn,
    staff: staffEn,
    operations: operationsEn,
  };
  const customerKeys = new Set([...Object.keys(coreEn), ...SCREEN_AREAS.customer.flatMap((area) => Object.keys(areas[area]))]);
  const otherKeys = (Object.keys(areas) as ScreenArea[])
    .filter((area) => !(SCREEN_AREAS.customer as readonly ScreenArea[]).includes(area))
    .flatMap((area) => Object.keys(areas[area]))
    .filter((key) => !customerKeys.has(key));
  // The minifier writes a string literal in backticks; the source in single quotes.
  const namesKey = (code: string, key: string) => [`"${key}"`, `'${key}'`, `\`${key}\``].some((quoted) => code.includes(quoted));
  const customerRoutes = () => ROUTE_BUDGETS.filter((route) => route.budget === BUDGET_KB.customerScreen);

  it('when the client is built, then no script of a customer’s route names a word of a staff area', () => {
    expect(otherKeys.length).toBeGreaterThan(100);
    expect(customerRoutes().map((route) => route.route)).toContain('/user/shop');
    const found: string[] = [];
    for (const route of customerRoutes())
      for (const file of scriptsOfRoute(outDir, route)) {
        const code = readFileSync(path.join(outDir, file), 'utf8');
        for (const key of otherKeys) if (namesKey(code, key)) found.push(`${route.route}: ${file}: ${key}`);
      }
    expect([...new Set(found)]).toEqual([]);
  });

  it('when a staff screen is read the same way, then the check finds its staff words (it would catch one)', () => {
    const users = ROUTE_BUDGETS.find((route) => route.route === '/admin-dashboard')!;
    const code = scriptsOfRoute(outDir, users)
      .map((file) => readFileSync(path.join(outDir, file), 'utf8'))
      .join('\n');
    expect(otherKeys.filter((key) => namesKey(code, key)).length).toBeGreaterThan(10);
  });
});
