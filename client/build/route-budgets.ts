import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/**
 * What each route may cost a phone, in gzip KB (1 KB = 1,024 bytes), measured on the .gz files the server
 * sends (build/precompress.ts; a file too small to have one is counted raw). Issue 8 set these: the login
 * route is the first download of every visit; customers are on phones; staff screens are on office machines.
 */
export const BUDGET_KB = {
  login: { js: 125, css: 15 },
  customerScreen: { js: 170 },
  staffScreen: { js: 300 },
} as const;

type Budget = { js: number; css?: number };

export type RouteBudget = {
  /** The URL, as the router spells it. */
  route: string;
  /** Source modules (manifest keys) the route loads: the entry, then each lazily loaded module it renders. */
  modules: string[];
  budget: Budget;
};

const ENTRY = 'index.html';
// Loaded with every screen past the login (app/router.tsx): the layout of signed-in screens and the whole
// Mantine stylesheet.
// Every screen past the login also brings TanStack Query's provider (router.tsx's lazyElement, decision 022).
const SIGNED_IN = [ENTRY, 'src/app/routes/signed-in-layout.tsx', 'src/styles/all-components.ts', 'src/app/query-scope.tsx'];
const screenModule = (file: string) => `src/app/routes/${file}`;

function customer(route: string, file: string): RouteBudget {
  return { route, modules: [...SIGNED_IN, screenModule(file)], budget: BUDGET_KB.customerScreen };
}
function staff(route: string, file: string): RouteBudget {
  return { route, modules: [...SIGNED_IN, screenModule(file)], budget: BUDGET_KB.staffScreen };
}

/** Every screen of app/router.tsx. A new screen must be added here: the budgets test fails until it is. */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/', modules: [ENTRY], budget: BUDGET_KB.login },
  {
    route: '/reset-password',
    modules: [ENTRY, screenModule('reset-password.tsx'), 'src/styles/all-components.ts', 'src/app/query-scope.tsx'],
    budget: BUDGET_KB.customerScreen,
  },
  customer('/user/shop', 'user/shop.tsx'),
  customer('/user/profile', 'user/profile.tsx'),
  customer('/user/cart', 'user/cart.tsx'),
  customer('/product/:id', 'product.tsx'),
  customer('/checkout', 'checkout.tsx'),
  customer('/buy-now', 'buy-now.tsx'),
  customer('/thank-you', 'thank-you.tsx'),
  customer('/tier-page', 'tier-page.tsx'),
  customer('/help', 'help.tsx'),
  staff('/admin-dashboard', 'admin-dashboard.tsx'),
  staff('/superadmin-dashboard', 'superadmin-dashboard.tsx'),
  staff('/admin-items, /superadmin-items', 'staff/items.tsx'),
  staff('/admin-orders, /superadmin-orders', 'staff/orders.tsx'),
  staff('/admin-bills, /superadmin-bills', 'staff/bills.tsx'),
  staff('/superadmin-system', 'superadmin-system.tsx'),
  staff('/admin-overview, /superadmin-overview', 'staff/overview.tsx'),
  staff('/superadmin-audit', 'superadmin-audit.tsx'),
  {
    route: '(any unknown path)',
    modules: [ENTRY, screenModule('not-found.tsx'), 'src/styles/all-components.ts', 'src/app/query-scope.tsx'],
    budget: BUDGET_KB.customerScreen,
  },
];

export type RouteCost = {
  route: string;
  /** Gzip KB of JavaScript and of CSS the route loads. */
  js: number;
  css: number;
  budget: Budget;
  overBudget: boolean;
};

/** The files a module loads before it runs: its own, then every chunk it imports statically, recursively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: was it renamed or removed from the router?`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function gzipBytes(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : statSync(full).size;
}

const toKb = (bytes: number) => bytes / 1024;

/** The manifest a build writes with `build.manifest` (vite build --manifest). */
function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The gzip cost of every budgeted route in a build with a manifest (vite build --manifest). */
export function measureRoutes(distDir: string, budgets: RouteBudget[] = ROUTE_BUDGETS): RouteCost[] {
  const manifest = readManifest(distDir);
  return budgets.map(({ route, modules, budget }) => {
    const keys = new Set<string>();
    for (const module of modules) for (const key of staticClosure(manifest, module)) keys.add(key);
    const jsFiles = new Set<string>();
    const cssFiles = new Set<string>();
    for (const key of keys) {
      // The keys exist: staticClosure threw otherwise.
      const chunk = manifest[key]!;
      // A module of styles alone (styles/all-components.ts) is a chunk whose file is the CSS.
      (chunk.file.endsWith('.css') ? cssFiles : jsFiles).add(chunk.file);
      for (const css of chunk.css ?? []) cssFiles.add(css);
    }
    const js = toKb([...jsFiles].reduce((sum, file) => sum + gzipBytes(distDir, file), 0));
    const css = toKb([...cssFiles].reduce((sum, file) => sum + gzipBytes(distDir, file), 0));
    const overBudget = js > budget.js || (budget.css !== undefined && css > budget.css);
    return { route, js, css, budget, overBudget };
  });
}

/** Screens the router loads lazily that no budget names: each must be added to ROUTE_BUDGETS. */
export function unbudgetedScreens(distDir: string, budgets: RouteBudget[] = ROUTE_BUDGETS): string[] {
  const manifest = readManifest(distDir);
  const budgeted = new Set(budgets.flatMap((budget) => budget.modules));
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/app/routes/') && !budgeted.has(key))
    .map(([key]) => key);
}

/** A plain-text table for the test's output and the docs. */
export function formatRouteCosts(costs: RouteCost[]): string {
  const rows = costs.map((cost) => [
    cost.route,
    cost.js.toFixed(1),
    String(cost.budget.js),
    cost.css.toFixed(1),
    cost.budget.css === undefined ? '-' : String(cost.budget.css),
    cost.overBudget ? 'OVER' : 'ok',
  ]);
  const header = ['route', 'JS KB gz', 'budget', 'CSS KB gz', 'budget', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
