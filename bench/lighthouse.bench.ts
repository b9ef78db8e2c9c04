// `npm run bench:lighthouse` (also part of `npm run bench`): Lighthouse 12 (the npm package) in the system
// Chromium, with its mobile settings (Moto G Power, simulated slow 4G, 4x CPU slowdown) and its desktop
// settings, on the login screen and on each home: /user/shop, /admin-dashboard, /superadmin-dashboard
// (issue 8, item 3). The real server runs compiled as `npm start` runs it, on a fresh embedded database,
// serving the production client build. Each page is measured RUNS times and the median run (by performance
// score) is kept: a shared 2-core machine makes single runs noisy. The table replaces the one between the
// markers in docs/benchmarks.md, and the process fails when the targets on / are missed (mobile performance
// ≥ 95, accessibility 100, best practices 100).
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 3).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { ensureClientBuild } from '../scripts/builds.mjs';
import { seedJourneyUsers } from '../e2e/seed-users';
import { freePort, startServerProcess } from '../e2e/server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHMARKS_DOC = path.join(root, 'docs', 'benchmarks.md');
const BEGIN = '<!-- lighthouse:begin (written by npm run bench:lighthouse) -->';
const END = '<!-- lighthouse:end -->';
const SUPERADMIN = { username: 'bench-owner', password: 'bench-owner-password-1' };

type FormFactor = 'mobile' | 'desktop';
type Row = {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
};

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/**
 * One Lighthouse run. It sometimes fails to record the trace on a busy machine (NO_NAVSTART, "please run
 * Lighthouse again"); such a run is repeated, twice at most.
 */
async function runLighthouse(url: string, flags: Flags, formFactor: FormFactor): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}); running it again`);
  }
}

/** Lighthouse keeps the browser's storage (for the session) and so its HTTP cache: this empties the cache. */
type ClearCache = () => Promise<void>;

async function measure(url: string, port: number, formFactor: FormFactor, page: string, clearCache: ClearCache): Promise<Row> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The signed-in homes need the session the browser holds; the login screen is measured signed out. The
    // HTTP cache, which this also keeps, is emptied before each run (clearCache).
    disableStorageReset: true,
  };
  const runs: Row[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Every run is a first visit: nothing of the client comes from the cache.
    await clearCache();
    const lhr = await runLighthouse(url, flags, formFactor);
    runs.push({
      page,
      formFactor,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      lcpMs: audit(lhr, 'largest-contentful-paint'),
      tbtMs: audit(lhr, 'total-blocking-time'),
      cls: audit(lhr, 'cumulative-layout-shift'),
      transferKb: audit(lhr, 'total-byte-weight') / 1024,
    });
  }
  runs.sort((a, b) => a.performance - b.performance);
  // RUNS ≥ 1, so the middle run exists.
  return runs[Math.floor(runs.length / 2)]!;
}

async function signIn(context: BrowserContext, baseUrl: string, username: string, password: string, home: string) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`**${home}`);
  await page.close();
}

function formatTable(rows: Row[]): string {
  const lines = [
    '| page | settings | performance | accessibility | best practices | LCP | TBT | CLS | transferred |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.formFactor} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ` +
        `${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.transferKb.toFixed(0)} KB |`,
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

async function main() {
  ensureClientBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-lighthouse-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'rewards-lighthouse-profile-'));
  const users = await seedJourneyUsers(dataDir);
  const server = await startServerProcess(dataDir, {
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
  });
  const port = await freePort();
  // One persistent profile: the session a page stores is seen by the tabs Lighthouse opens.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`],
  });
  const rows: Row[] = [];
  const control = await context.newPage();
  const cdp = await context.newCDPSession(control);
  const clearCache = async () => {
    await cdp.send('Network.clearBrowserCache');
  };
  try {
    const pages: { page: string; signIn?: { username: string; password: string } }[] = [
      { page: '/' },
      { page: '/user/shop', signIn: users.customer },
      { page: '/admin-dashboard', signIn: users.admin },
      { page: '/superadmin-dashboard', signIn: SUPERADMIN },
    ];
    for (const { page, signIn: credentials } of pages) {
      if (credentials) await signIn(context, server.baseUrl, credentials.username, credentials.password, page);
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const row = await measure(`${server.baseUrl}${page}`, port, formFactor, page, clearCache);
        console.log(
          `${page} ${formFactor}: performance ${row.performance}, accessibility ${row.accessibility}, ` +
            `best practices ${row.bestPractices}, LCP ${(row.lcpMs / 1000).toFixed(2)} s`,
        );
        rows.push(row);
      }
    }
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }

  const table = formatTable(rows);
  console.log(`\n${table}\n`);
  writeToDocs(table, new Date().toISOString().slice(0, 10));

  // rows[0] is / with the mobile settings.
  const login = rows[0]!;
  const missed = [
    login.performance < 95 && `mobile performance ${login.performance} < 95`,
    login.accessibility < 100 && `accessibility ${login.accessibility} < 100`,
    login.bestPractices < 100 && `best practices ${login.bestPractices} < 100`,
  ].filter(Boolean);
  if (missed.length > 0) {
    console.error(`Targets on / missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('Targets on / met: mobile performance ≥ 95, accessibility 100, best practices 100.');
  }
}

await main();
