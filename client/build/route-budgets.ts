import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst, type ESTree, type Manifest } from 'vite';
import { SIGNED_IN_LAYOUT, WITH_EVERY_SCREEN } from '../src/app/shell-modules';
import { paths, staffTypeOfPath } from '../src/config/paths';

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
/** The router, whose table of screens the budgets are read from (routeBudgets). */
const ROUTER = 'src/app/router.tsx';
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A screen of the router: where it is mounted, its module (a manifest key) and whether the signed-in layout frames it. */
export type RouterScreen = { mountedAt: string[]; module: string; inLayout: boolean };

type AstNode = ESTree.Node;
const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
/** The nodes directly inside `node`, in source order. */
function childNodes(node: AstNode): AstNode[] {
  const children: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) if (isAstNode(item)) children.push(item);
  }
  return children;
}
function someNode(node: AstNode, test: (node: AstNode) => boolean): boolean {
  return test(node) || childNodes(node).some((child) => someNode(child, test));
}
const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * The lazily loaded screens of app/router.tsx, read from its source: each `screen(path, title, load)` of its table,
 * with `path` a string or `paths.<name>.path` (config/paths.ts) and `load` an arrow that imports a literal path
 * or a const holding one. A screen is in the signed-in layout when a route around it loads the layout
 * (shell-modules.ts). A screen mounted at several paths is one screen. A `screen(...)` of another shape throws:
 * a screen the router loads some other way is caught by unbudgetedScreens.
 */
export function routerScreens(source: string = readFileSync(path.join(clientDir, ROUTER), 'utf8')): RouterScreen[] {
  const program = parseAst(source, { lang: 'tsx' }) as AstNode;
  const where = (node: AstNode) => `${ROUTER}:${source.slice(0, node.start).split('\n').length}`;
  // The module an import() of a literal relative path loads, as the manifest names it.
  const moduleOf = (specifier: AstNode): string | undefined => {
    if (specifier.type !== 'Literal' || typeof specifier.value !== 'string' || !specifier.value.startsWith('.')) return undefined;
    const base = path.posix.join(path.posix.dirname(ROUTER), specifier.value);
    return ['.tsx', '.ts', ''].map((extension) => `${base}${extension}`).find((file) => isFile(path.join(clientDir, file)));
  };
  // `() => import('./routes/...')`
  const importedBy = (loader: AstNode | null | undefined): string | undefined =>
    loader?.type === 'ArrowFunctionExpression' && loader.body.type === 'ImportExpression'
      ? moduleOf(loader.body.source)
      : undefined;
  // Loaders kept in a const, for a module mounted at several paths (`const staffItems = () => import(...)`).
  const loaders = new Map<string, string>();
  for (const statement of program.type === 'Program' ? program.body : []) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const module = importedBy(declarator.init);
      if (module && declarator.id.type === 'Identifier') loaders.set(declarator.id.name, module);
    }
  }
  const loadsLayout = (node: AstNode) =>
    someNode(node, (inner) => inner.type === 'ImportExpression' && moduleOf(inner.source) === SIGNED_IN_LAYOUT);
  const routePath = (node: AstNode | undefined): string | undefined => {
    if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
    // paths.<name>.path
    if (
      node?.type !== 'MemberExpression' ||
      node.computed ||
      node.property.type !== 'Identifier' ||
      node.property.name !== 'path'
    )
      return undefined;
    const named = node.object;
    if (
      named.type !== 'MemberExpression' ||
      named.computed ||
      named.object.type !== 'Identifier' ||
      named.object.name !== 'paths'
    )
      return undefined;
    const name = named.property.type === 'Identifier' ? named.property.name : '';
    return name in paths ? paths[name as keyof typeof paths].path : undefined;
  };

  const screens = new Map<string, RouterScreen>();
  const visit = (node: AstNode, inLayout: boolean) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'screen') {
      const [pathArgument, , loader] = node.arguments;
      const mountedAt = routePath(pathArgument);
      const module = loader?.type === 'Identifier' ? loaders.get(loader.name) : importedBy(loader);
      if (mountedAt === undefined || module === undefined)
        throw new Error(`${where(node)}: a screen() whose path or module route-budgets.ts cannot read`);
      const known = screens.get(module);
      if (known) {
        known.mountedAt.push(mountedAt);
        known.inLayout ||= inLayout;
      } else screens.set(module, { mountedAt: [mountedAt], module, inLayout });
      return;
    }
    // A route object that loads the layout: the routes of its `children` are drawn inside it.
    const framed =
      inLayout ||
      (node.type === 'ObjectExpression' &&
        node.properties.some(
          (property) =>
            !(property.type === 'Property' && property.key.type === 'Identifier' && property.key.name === 'children') &&
            loadsLayout(property),
        ));
    for (const child of childNodes(node)) visit(child, framed);
  };
  visit(program, false);
  return [...screens.values()];
}

/** Spec §2's staff paths (staffTypeOfPath). Every other screen is a customer's. */
const isStaffPath = (route: string) => staffTypeOfPath(route) !== undefined;

/**
 * The budget of every route: the login (the entry alone), then each screen of the router (routerScreens) with
 * what it loads: the entry, the layout if it frames the screen, what every lazily loaded screen brings
 * (shell-modules.ts) and the screen's own module. A screen mounted only at staff paths has a staff budget.
 */
export function routeBudgets(screens: RouterScreen[] = routerScreens()): RouteBudget[] {
  return [
    { route: paths.login.path, modules: [ENTRY], budget: BUDGET_KB.login },
    ...screens.map(({ mountedAt, module, inLayout }) => ({
      route: mountedAt.map((route) => (route === '*' ? '(any unknown path)' : route)).join(', '),
      modules: [ENTRY, ...(inLayout ? [SIGNED_IN_LAYOUT] : []), ...WITH_EVERY_SCREEN, module],
      budget: mountedAt.every(isStaffPath) ? BUDGET_KB.staffScreen : BUDGET_KB.customerScreen,
    })),
  ];
}

/** Every route of app/router.tsx, read from its table: a new screen has its budget without an edit here. */
export const ROUTE_BUDGETS: RouteBudget[] = routeBudgets();

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

/**
 * The script files a route may ever run past the entry: its modules' chunks and everything they import, at once or
 * later (a dialog, a menu), recursively; the words' catalogues and the entry itself left out.
 */
export function scriptsOfRoute(distDir: string, { modules }: RouteBudget): string[] {
  const manifest = readManifest(distDir);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === ENTRY || /\/i18n\/locales\//.test(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  modules.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/**
 * Screens the router loads lazily that no budget names: loaded some other way than its `screen()`, the one
 * routerScreens reads (or, for a hand-made list, left out of it).
 */
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
