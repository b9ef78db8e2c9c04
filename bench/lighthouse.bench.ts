// `npm run bench:lighthouse` (also part of `npm run bench`): Lighthouse 12 (the npm package) in the system
// Chromium with its mobile settings (Moto G Power, simulated slow 4G, 4x CPU slowdown) on the login screen, the
// shop and a product page with 200 items in the catalogue, and the admin and superadmin dashboards (issue 19),
// each RUNS times, keeping the median run (by performance score): a shared 2-core machine makes single runs
// noisy. Every page is measured as a first visit (HTTP cache, service worker and its caches emptied; the
// session kept) and the login screen and the shop also as a repeat visit, with the service worker installed by
// a visit before. Two fixed control pages (bench/control-page, served by this process) are measured in the same
// run, first: a light one (a stylesheet and a little script) and a script-bound one (a first render of 1,500 rows
// in one task, decision 027). When their figures move, the machine is having a slow day, not the portal: the
// light one shows the network and the page's own loading, the script-bound one the processor.
//
// The real server runs compiled as `npm start` runs it, on a fresh embedded database, serving the production
// client build. The table replaces the one between the markers in docs/benchmarks.md, and the process fails
// when a target is missed: login ≥ 97, shop and product page ≥ 90, dashboards ≥ 95; accessibility and best
// practices 100 and CLS ≤ 0.01 on every page.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5), LIGHTHOUSE_PAGES
// (comma-separated subset of the pages below, for a quick look; the docs table is then not rewritten),
// LIGHTHOUSE_DESKTOP=1 (also Lighthouse's desktop settings), LIGHTHOUSE_REPORT_DIR (a folder where every
// run's full Lighthouse result is written as JSON), LIGHTHOUSE_ARTIFACTS_DIR (a folder where every run's gathered
// artifacts are kept, its trace in `defaultPass.trace.json`: read its long tasks with bench/trace-tasks.ts).
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { chromium, type CDPSession } from 'playwright-core';
import { freePort } from '../e2e/server-process';
import { signInWithForm, startPortalUnderTest } from './portal-under-test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHMARKS_DOC = path.join(root, 'docs', 'benchmarks.md');
const CONTROL_DIR = path.join(root, 'bench', 'control-page');
const BEGIN = '<!-- lighthouse:begin (written by npm run bench:lighthouse) -->';
const END = '<!-- lighthouse:end -->';
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
const FORM_FACTORS: FormFactor[] = process.env.LIGHTHOUSE_DESKTOP === '1' ? ['mobile', 'desktop'] : ['mobile'];
/** Issue 19: the targets on mobile. */
const MIN_PERFORMANCE: Record<string, number> = {
  '/': 97,
  '/user/shop': 90,
  '/product/{id}': 90,
  '/admin-dashboard': 95,
  '/superadmin-dashboard': 95,
};
const MAX_CLS = 0.01;

type FormFactor = 'mobile' | 'desktop';
type Visit = 'first' | 'repeat';
type Row = {
  page: string;
  formFactor: FormFactor;
  visit: Visit;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  /** Requests one after another on the longest critical chain (the HTML counts as the first). */
  chain: number;
};

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const longestChain = (lhr: Result) =>
  (lhr.audits['critical-request-chains']?.details as { longestChain?: { length: number } } | undefined)?.longestChain?.length ??
  Number.NaN;

/**
 * One Lighthouse run. It sometimes fails to record the trace on a busy machine (NO_NAVSTART, "please run
 * Lighthouse again"); such a run is repeated, twice at most.
 */
async function runLighthouse(url: string, flags: Flags, formFactor: FormFactor): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); running it again`);
  }
}

/**
 * A first visit must download every file. A file of the build never downloaded in the run came from a cache
 * the clean-up missed (seen once: 14 of the admin dashboard's files answered with nothing transferred, its
 * transfer read 354 KB instead of 449 KB); such a run is reported, not hidden. The entry's stylesheet shows here
 * on signed-in pages: the page carries it inline and the browser takes the second request from its cache (decision 026).
 * A file the page asks for after the service worker took control (the dashboards' deferred dialogs) is answered by
 * the worker, which downloaded it for its precache in the same visit: such files do not count.
 */
function warnOfCachedFiles({ lhr, artifacts }: RunnerResult, page: string) {
  type Request = { url: string; transferSize: number; statusCode: number; resourceType?: string };
  const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  // A file asked for twice (a preload, then the import) is downloaded once: only files never downloaded count.
  const downloaded = new Set(requests.filter((request) => request.transferSize > 0).map((request) => request.url));
  for (const event of artifacts.DevtoolsLog) {
    if (event.method === 'Network.responseReceived' && event.params.response.fromServiceWorker)
      downloaded.add(event.params.response.url);
  }
  const cached = requests.filter(
    (request) => request.statusCode === 200 && /\/assets\//.test(request.url) && !downloaded.has(request.url),
  );
  if (cached.length > 0)
    console.warn(
      `${page}: ${cached.length} files of a first visit came from a cache: ${cached.map((request) => new URL(request.url).pathname).join(', ')}`,
    );
}

/** Gets the browser ready for a run: a first visit forgets everything but the session. */
type Prepare = (visit: Visit, url: string) => Promise<void>;

async function measure(
  url: string,
  port: number,
  formFactor: FormFactor,
  page: string,
  visit: Visit,
  prepare: Prepare,
): Promise<Row> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The signed-in pages need the session the browser holds (local storage); what a first visit must not
    // have (HTTP cache, service worker, its caches) is emptied by `prepare`.
    disableStorageReset: true,
  };
  const runs: Row[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await prepare(visit, url);
    const artifacts = process.env.LIGHTHOUSE_ARTIFACTS_DIR;
    // Gather and audit in one run, keeping what was gathered (the trace among it) in a folder per run.
    const folder = artifacts && path.resolve(artifacts, `${page.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}-${visit}-${run}`);
    const result = await runLighthouse(url, folder ? { ...flags, gatherMode: folder, auditMode: folder } : flags, formFactor);
    const { lhr } = result;
    if (visit === 'first') warnOfCachedFiles(result, page);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = `${page.replace(/[^a-z0-9]+/gi, '_')}-${formFactor}-${visit}-${run}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(lhr));
    }
    runs.push({
      page,
      formFactor,
      visit,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      fcpMs: audit(lhr, 'first-contentful-paint'),
      lcpMs: audit(lhr, 'largest-contentful-paint'),
      tbtMs: audit(lhr, 'total-blocking-time'),
      cls: audit(lhr, 'cumulative-layout-shift'),
      transferKb: audit(lhr, 'total-byte-weight') / 1024,
      chain: longestChain(lhr),
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  // RUNS ≥ 1, so the middle run exists.
  return runs[Math.floor(runs.length / 2)]!;
}

/** The control pages' files, from this process. */
async function serveControlPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript' };
  const server: Server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : path.basename(req.url ?? '');
    try {
      const body = readFileSync(path.join(CONTROL_DIR, name));
      res.writeHead(200, {
        'Content-Type': types[path.extname(name)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function formatTable(rows: Row[]): string {
  const lines = [
    '| page | visit | settings | performance | FCP | LCP | TBT | CLS | accessibility | best practices | chain | transferred |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.visit} | ${row.formFactor} | ${row.performance} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ` +
        `${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.accessibility} | ${row.bestPractices} | ${row.chain} | ` +
        `${row.transferKb.toFixed(0)} KB |`,
    ),
  ];
  return lines.join('\n');
}

function writeToDocs(table: string, when: string) {
  const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin === -1 || end === -1) throw new Error(`docs/benchmarks.md has no ${BEGIN} … ${END} section`);
  const body = `${BEGIN}\nMeasured ${when} (median of ${RUNS} runs each; \`npm run bench:lighthouse\`):\n\n${table}\n`;
  writeFileSync(BENCHMARKS_DOC, doc.slice(0, begin) + body + doc.slice(end));
}

/** What each measured row misses of issue 19's targets. */
function missedTargets(rows: Row[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    if (row.page.startsWith('control page') || row.formFactor !== 'mobile') continue;
    const name = `${row.page} (${row.visit} visit)`;
    const minimum = MIN_PERFORMANCE[row.page];
    if (row.visit === 'first' && minimum !== undefined && row.performance < minimum)
      missed.push(`${name} performance ${row.performance} < ${minimum}`);
    if (row.accessibility < 100) missed.push(`${name} accessibility ${row.accessibility} < 100`);
    if (row.bestPractices < 100) missed.push(`${name} best practices ${row.bestPractices} < 100`);
    if (row.cls > MAX_CLS) missed.push(`${name} layout shift ${row.cls.toFixed(3)} > ${MAX_CLS}`);
  }
  return missed;
}

async function main() {
  const server = await startPortalUnderTest('lighthouse');
  const { users, firstItem } = server;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'rewards-lighthouse-profile-'));
  const control = await serveControlPage();
  const port = await freePort();
  // One persistent profile: the session a page stores is seen by the tabs Lighthouse opens.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`],
  });
  const rows: Row[] = [];
  const tab = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(tab);
  const prepare: Prepare = async (visit, url) => {
    const origin = new URL(url).origin;
    if (visit === 'first') {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
      return;
    }
    // A repeat visit: the page opened once before, its service worker installed and in control.
    await tab.goto(url);
    // A build without a worker (an older one, measured for comparison) repeats from the HTTP cache alone.
    await tab.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return;
      const controlled = new Promise((resolve) => {
        if (navigator.serviceWorker.controller) resolve(true);
        else navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      });
      await Promise.race([
        navigator.serviceWorker.ready.then(() => controlled),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
    });
    await tab.goto('about:blank');
  };
  try {
    const allPages: { page: string; visits: Visit[]; signIn?: { username: string; password: string } }[] = [
      { page: '/', visits: ['first', 'repeat'] },
      { page: '/user/shop', visits: ['first', 'repeat'], signIn: users.customer },
      { page: `/product/${firstItem}`, visits: ['first'], signIn: users.customer },
      { page: '/admin-dashboard', visits: ['first'], signIn: users.admin },
      { page: '/superadmin-dashboard', visits: ['first'], signIn: users.superadmin },
    ];
    // '/' alone is the login page; any other entry also matches the pages below it ('/product' → '/product/{id}').
    const chosen = (page: string) => ONLY_PAGES?.some((only) => page === only || (only !== '/' && page.startsWith(only)));
    const pages = ONLY_PAGES ? allPages.filter(({ page }) => chosen(page)) : allPages;
    const record = (row: Row) => {
      console.log(
        `${row.page} ${row.visit} ${row.formFactor}: performance ${row.performance}, FCP ${seconds(row.fcpMs)}, ` +
          `LCP ${seconds(row.lcpMs)}, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}, chain ${row.chain}`,
      );
      rows.push(row);
    };
    for (const formFactor of FORM_FACTORS) {
      record(await measure(control.url, port, formFactor, 'control page', 'first', prepare));
      record(await measure(`${control.url}script.html`, port, formFactor, 'control page (script)', 'first', prepare));
    }
    for (const { page, visits, signIn: credentials } of pages) {
      if (credentials) {
        const signInTab = await context.newPage();
        await signInWithForm(signInTab, server.baseUrl, credentials);
        await signInTab.close();
      }
      for (const visit of visits) {
        for (const formFactor of FORM_FACTORS) {
          record(await measure(`${server.baseUrl}${page}`, port, formFactor, page.replace(firstItem, '{id}'), visit, prepare));
        }
      }
    }
  } finally {
    await context.close();
    await server.stop();
    await control.close();
    rmSync(profileDir, { recursive: true, force: true });
  }

  const table = formatTable(rows);
  console.log(`\n${table}\n`);
  if (!ONLY_PAGES) writeToDocs(table, new Date().toISOString().slice(0, 10));

  const missed = missedTargets(rows);
  if (missed.length > 0) {
    console.error(`Targets missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      'Targets met: login ≥ 97, shop and product ≥ 90, dashboards ≥ 95 on mobile; accessibility and best practices 100, CLS ≤ 0.01.',
    );
  }
}

await main();
