// `npm run bench:library-start`: what each of the client's large libraries costs a page's start on a slow phone
// (issue 29, budget phones): the main-thread milliseconds from the first line of the entry's evaluation to the
// first render committed, for React alone and for React plus one of Mantine, TanStack Query, Lingui, the router
// and zod, each doing the least the app does with it at start. A library's cost is its variant's figure minus
// the baseline's, so the question "what would cutting it save" has a number.
//
// How: each variant below is its own tiny production bundle, built with Vite's JS API (no config file: the app's
// build plugins that change what these libraries ship, i.e. the compiled catalogues, Mantine's ids from React
// and @vitejs/plugin-react; minified, NODE_ENV=production so React's production build is the one measured) into
// a temporary folder, and served by this process over localhost. The variants import the app's own modules where
// they stand alone: the theme (client/src/app/theme.ts) and entry stylesheet, the English core catalogue compiled
// as the build compiles it (client/src/lib/i18n/catalogs.ts), and every export of @app/common (all the schemas,
// after '@app/common/jitless' as main.tsx does). Each page is loaded in a fresh browser context of the system
// Chromium, HTTP cache cleared, with the CPU slowed by CDP Emulation.setCPUThrottlingRate. The page marks
// `library-start:start` in a module evaluated before any other (the first statement of the bundle) and
// `library-start:end` once the variant's first complete render has committed (after flushSync, or in a layout
// effect for the query's answer, which TanStack Query hands to React in a setTimeout: its start ms include that
// wait, its ScriptDuration does not); the bench reads the time between the marks, and CDP Performance.getMetrics'
// ScriptDuration (all script, compiling the bundle included) and TaskDuration (all main-thread tasks) once the
// end mark is there. Variants are visited in turn, RUNS rounds, after one warm-up visit; medians are printed, and
// a library's cost is the median over the rounds of its variant's figure minus the baseline's in the same round (on
// a shared 2-core machine a busy moment then slows both sides of a difference alike). The start ms column gives
// the range too: when it is wide the machine was busy, and the costs deserve a second run. TaskDuration counts
// the whole load (the stylesheet's parsing, style and layout included), not only the marked start.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIBRARY_START_SLOWDOWN (CPU slowdown, default 9.5: the
// slow-phone profile's slowdown as bench/lighthouse.bench.ts calibrated it on this machine),
// LIBRARY_START_RUNS (visits of each variant, default 5), LIBRARY_START_ONLY (comma-separated variant names, for
// a quick look; the baseline is always measured).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { build, type Plugin, type Rolldown } from 'vite';
import { compiledCatalogs } from '../client/build/compiled-catalogs';
import { mantineIdsFromReact } from '../client/build/mantine-ids-from-react';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOWDOWN = Number(process.env.LIBRARY_START_SLOWDOWN ?? 9.5);
const RUNS = Number(process.env.LIBRARY_START_RUNS ?? 5);
const ONLY = process.env.LIBRARY_START_ONLY?.split(',').map((name) => name.trim());
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'client');
const START_MARK = 'library-start:start';
const END_MARK = 'library-start:end';

/**
 * The variants' modules live nowhere on disk: they are given paths inside client/src (which they never touch),
 * so their imports resolve as the app's own (packages from client/node_modules, `../app/theme`).
 */
const VIRTUAL_DIR = path.join(clientDir, 'src', '__library-start__');
const VIRTUAL_PREFIX = 'library-start:';

/** Imported first by every entry: the bundle's first statement, before any library's module is evaluated. */
const MARK_MODULE = `performance.mark(${JSON.stringify(START_MARK)});\nexport {};\n`;

/**
 * React's start as main.tsx does it (createRoot, flushSync, StrictMode), and <Done />: rendered by a variant where
 * its start is complete. The end mark follows the commit that renders it, after its effects.
 */
const HARNESS_MODULE = `
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

let firstCommitDone = false;
let complete = false;
const end = () => performance.mark(${JSON.stringify(END_MARK)});

export function Done() {
  useLayoutEffect(() => {
    complete = true;
    if (firstCommitDone) end();
  }, []);
  return null;
}

export function start(app: ReactNode) {
  const root = createRoot(document.getElementById('root')!);
  flushSync(() => root.render(<StrictMode>{app}</StrictMode>));
  firstCommitDone = true;
  if (complete) end();
}
`;

type Variant = {
  name: string;
  label: string;
  /** The address visited, under the variant's folder. */
  route: string;
  /** Text the first render shows (checked, so a broken bundle is not measured as a fast one). */
  expect: string;
  /** The entry module (TSX), after `import 'library-start:mark'`. */
  entry: string;
};

/** Twenty routes like the app's (client/src/config/paths.ts), for the router variant. */
const ROUTE_PATHS = [
  '/',
  '/reset-password',
  '/user/shop',
  '/user/cart',
  '/user/orders',
  '/user/orders/:id',
  '/user/profile',
  '/user/ledger',
  '/user/notifications',
  '/product/:id',
  '/buy-now/:id',
  '/admin-dashboard',
  '/admin/users',
  '/admin/users/:id',
  '/admin/bills',
  '/admin/items',
  '/admin/orders',
  '/admin/tier-review',
  '/superadmin-dashboard',
  '/superadmin/settings',
];

const VARIANTS: Variant[] = [
  {
    name: 'baseline',
    label: 'baseline: react + react-dom',
    route: '/',
    expect: 'Hello',
    entry: `
import { Done, start } from 'library-start:harness';
start(<div>Hello<Done /></div>);
`,
  },
  {
    name: 'mantine',
    label: '+ @mantine/core',
    route: '/',
    expect: 'Login',
    entry: `
import '../styles/entry-components';
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { createAppTheme } from '../app/theme';
import { Done, start } from 'library-start:harness';

// As app/provider.tsx: the app's theme, its CSS variables from the entry's stylesheet rather than the provider.
const theme = createAppTheme({ closeDialog: 'Close dialog', hideNotification: 'Hide notification', togglePassword: 'Show password' });
start(
  <MantineProvider theme={theme} withCssVariables={false}>
    <TextInput label="Username" />
    <Button type="submit">Login</Button>
    <Done />
  </MantineProvider>,
);
`,
  },
  {
    name: 'query',
    label: '+ @tanstack/react-query',
    route: '/',
    expect: '1250 points',
    entry: `
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Done, start } from 'library-start:harness';

const queryClient = new QueryClient();
const answer = Promise.resolve({ points: 1250 });

function Points() {
  const { data } = useQuery({ queryKey: ['points'], queryFn: () => answer });
  return data ? <p>{data.points} points<Done /></p> : <p>Loading</p>;
}

start(
  <QueryClientProvider client={queryClient}>
    <Points />
  </QueryClientProvider>,
);
`,
  },
  {
    name: 'lingui',
    label: '+ @lingui/core + @lingui/react',
    route: '/',
    expect: 'Login To Earn Rewards!',
    entry: `
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { englishCore } from '../lib/i18n/catalogs';
import { Done, start } from 'library-start:harness';

i18n.load('en', englishCore);
i18n.activate('en');

function Title() {
  const { _ } = useLingui();
  return <h1>{_('login.title')}</h1>;
}

start(
  <I18nProvider i18n={i18n}>
    <Title />
    <Done />
  </I18nProvider>,
);
`,
  },
  {
    name: 'router',
    label: '+ react-router-dom',
    route: '/user/shop',
    expect: 'Route /user/shop',
    entry: `
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { Done, start } from 'library-start:harness';

const routes: RouteObject[] = ${JSON.stringify(ROUTE_PATHS)}.map((path) => ({
  path,
  element: <h1>Route {path}<Done /></h1>,
}));

function Screens() {
  return useRoutes(routes);
}

start(
  <BrowserRouter basename="/router">
    <Screens />
  </BrowserRouter>,
);
`,
  },
  {
    name: 'zod',
    label: '+ zod (@app/common schemas)',
    route: '/',
    expect: 'Signed in as Dealer-1',
    entry: `
import '@app/common/jitless';
import * as common from '@app/common';
import { Done, start } from 'library-start:harness';

// Every export of @app/common kept (the namespace is read whole), so every schema is built at start.
const schemas = Object.values(common).filter((value) => typeof value === 'object' && value !== null && 'safeParse' in value);
const login = common.loginSchema.parse({ username: ' Dealer-1 ', password: 'secret' });

start(
  <p>
    Signed in as {login.username} ({schemas.length} schemas)
    <Done />
  </p>,
);
`,
  },
];

/** The mark, the harness and the variant's entry as modules of the build. */
function virtualModules(variant: Variant): Plugin {
  const sources: Record<string, string> = {
    mark: MARK_MODULE,
    harness: HARNESS_MODULE,
    entry: `import 'library-start:mark';\n${variant.entry}`,
  };
  const file = (name: string) => path.join(VIRTUAL_DIR, `${name}.tsx`);
  return {
    name: 'library-start-modules',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(VIRTUAL_PREFIX) ? file(source.slice(VIRTUAL_PREFIX.length)) : null),
    load: (id) => (id.startsWith(VIRTUAL_DIR) ? sources[path.basename(id, '.tsx')] : null),
  };
}

type Built = { name: string; gzipBytes: number };

/** The variant's production bundle into `outDir`, with its own index.html. */
async function buildVariant(variant: Variant, outDir: string): Promise<Built> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let output: Rolldown.RolldownOutput;
  try {
    const result = await build({
      configFile: false,
      mode: 'production',
      root: clientDir,
      base: `/${variant.name}/`,
      publicDir: false,
      logLevel: 'warn',
      plugins: [virtualModules(variant), compiledCatalogs(), mantineIdsFromReact(), react()],
      build: {
        outDir,
        emptyOutDir: true,
        minify: true,
        rolldownOptions: { input: { entry: `${VIRTUAL_PREFIX}entry` } },
      },
    });
    if (Array.isArray(result) || !('output' in result)) throw new Error('Vite returned no single build output');
    output = result;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${variant.name}: no entry chunk`);
  if (!entry.code.includes('react.dev/errors/')) throw new Error(`${variant.name}: not React's production build`);
  // What the page downloads: the entry and its static imports (a catalogue's dynamic chunks stay on the server).
  const loaded = new Set([entry.fileName]);
  for (const fileName of loaded)
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) loaded.add(imported);
  const gzipBytes = [...loaded].reduce(
    (sum, fileName) => sum + gzipSync(readFileSync(path.join(outDir, fileName)), { level: 9 }).length,
    0,
  );
  const stylesheets = output.output.filter((file) => file.fileName.endsWith('.css')).map((file) => file.fileName);
  const base = `/${variant.name}/`;
  writeFileSync(
    path.join(outDir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${variant.name}</title>
${stylesheets.map((file) => `    <link rel="stylesheet" href="${base}${file}" />\n`).join('')}    <script type="module" src="${base}${entry.fileName}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return { name: variant.name, gzipBytes };
}

/** Every variant's folder under `dir`; any address that is not a file is the variant's page (a single-page app). */
async function serve(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript' };
  const server: Server = createServer((req, res) => {
    const [variant = '', ...rest] = new URL(req.url ?? '/', 'http://localhost').pathname.split('/').filter(Boolean);
    const asked = rest.join('/');
    // The browser's own request: no icon, and no error in the console for one.
    if (variant === 'favicon.ico') return void res.writeHead(204).end();
    const file = path.join(dir, variant, asked.startsWith('assets/') ? asked : 'index.html');
    try {
      if (!file.startsWith(dir + path.sep) || variant.includes('..')) throw new Error('outside');
      const body = readFileSync(file);
      res.writeHead(200, {
        'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Visit = { startMs: number; scriptMs: number; taskMs: number };

/** One visit of a variant's page in a fresh context, HTTP cache cleared and the CPU slowed. */
async function visit(browser: Browser, url: string, expect: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    // Buffered: the marks already made are delivered too. (No named functions in here: tsx would wrap them in a
    // helper the page does not have.)
    const startMs = await page.evaluate(
      ([start, end]) =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((_list, observer) => {
            const [first] = performance.getEntriesByName(start);
            const [last] = performance.getEntriesByName(end);
            if (!first || !last) return;
            observer.disconnect();
            resolve(last.startTime - first.startTime);
          }).observe({ type: 'mark', buffered: true });
        }),
      [START_MARK, END_MARK] as const,
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? Number.NaN) * 1000;
    const text = (await page.textContent('#root')) ?? '';
    if (errors.length > 0) throw new Error(`${url}: ${errors.join('; ')}`);
    if (!text.includes(expect)) throw new Error(`${url}: expected "${expect}" on the page, found "${text}"`);
    return { startMs, scriptMs: metric('ScriptDuration'), taskMs: metric('TaskDuration') };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Row = {
  label: string;
  gzipKb: number;
  startMs: number;
  startRange: [number, number];
  scriptMs: number;
  taskMs: number;
  /** Median over the rounds of (this variant − the baseline in the same round); undefined for the baseline. */
  startCost?: number;
  scriptCost?: number;
};

function formatTable(rows: Row[]): string {
  const ms = (value: number) => value.toFixed(0);
  const cost = (value: number | undefined) =>
    value === undefined ? '—' : `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)}`;
  const lines = [
    '| variant | JS gzip KB | start ms (min–max) | ScriptDuration ms | TaskDuration ms | start cost ms | script cost ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.gzipKb.toFixed(1)} | ${ms(row.startMs)} (${ms(row.startRange[0])}–${ms(row.startRange[1])}) | ` +
        `${ms(row.scriptMs)} | ${ms(row.taskMs)} | ${cost(row.startCost)} | ${cost(row.scriptCost)} |`,
    ),
  ];
  return lines.join('\n');
}

const variants = VARIANTS.filter((variant) => variant.name === 'baseline' || !ONLY || ONLY.includes(variant.name));
const outRoot = mkdtempSync(path.join(tmpdir(), 'library-start-'));
const built = new Map<string, Built>();
for (const variant of variants) {
  const outDir = path.join(outRoot, variant.name);
  mkdirSync(outDir);
  built.set(variant.name, await buildVariant(variant, outDir));
  console.log(`built ${variant.name}: ${((built.get(variant.name)?.gzipBytes ?? 0) / 1024).toFixed(1)} KB gzip of JS`);
}

const server = await serve(outRoot);
const browser = await chromium.launch({ executablePath: CHROMIUM });
const chromiumVersion = browser.version();
const visits = new Map<string, Visit[]>(variants.map((variant) => [variant.name, []]));
try {
  const [baseline] = variants;
  // The first page of a browser pays for starting its renderer's pieces: not measured.
  if (baseline) await visit(browser, `${server.origin}/${baseline.name}${baseline.route}`, baseline.expect);
  for (let run = 1; run <= RUNS; run += 1) {
    for (const variant of variants) {
      const url = `${server.origin}/${variant.name}${variant.route}`;
      visits.get(variant.name)?.push(await visit(browser, url, variant.expect));
    }
    const starts = variants.map((variant) => `${variant.name} ${visits.get(variant.name)?.at(-1)?.startMs.toFixed(0)}`);
    console.log(`round ${run}/${RUNS}, start ms: ${starts.join(', ')}`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outRoot, { recursive: true, force: true });
}

const baselineVisits = visits.get('baseline') ?? [];
/** The median of a figure's differences from the baseline's, round by round (a busy moment hits both alike). */
const pairedCost = (runs: Visit[], figure: (run: Visit) => number) =>
  median(runs.map((run, round) => figure(run) - figure(baselineVisits[round]!)));
const rows: Row[] = variants.map((variant) => {
  const runs = visits.get(variant.name) ?? [];
  const starts = runs.map((run) => run.startMs);
  const isBaseline = variant.name === 'baseline';
  return {
    label: variant.label,
    gzipKb: (built.get(variant.name)?.gzipBytes ?? 0) / 1024,
    startMs: median(starts),
    startRange: [Math.min(...starts), Math.max(...starts)],
    scriptMs: median(runs.map((run) => run.scriptMs)),
    taskMs: median(runs.map((run) => run.taskMs)),
    startCost: isBaseline ? undefined : pairedCost(runs, (run) => run.startMs),
    scriptCost: isBaseline ? undefined : pairedCost(runs, (run) => run.scriptMs),
  };
});
console.log(
  `\nLibrary start on a slow phone: Chromium ${chromiumVersion}, CPU ${SLOWDOWN}× slower, median of ${RUNS} visits each ` +
    `(start: ${START_MARK} → ${END_MARK}; a cost is the median, over the rounds, of the variant's figure minus the ` +
    `baseline's in the same round).\n`,
);
console.log(formatTable(rows));
// Other work on the machine competes with the page and with Chromium's throttling thread alike.
const [load] = loadavg();
if (load !== undefined && load > availableParallelism())
  console.log(
    `\nThe machine was busy (load ${load.toFixed(1)} on ${availableParallelism()} cores): expect wide ranges; run again when it is quieter.`,
  );
