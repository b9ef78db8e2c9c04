// `npm run bench:lighthouse` (also part of `npm run bench`): Lighthouse 12 (the npm package) in the system
// Chromium with its mobile settings (Moto G Power, simulated slow 4G, 4x CPU slowdown) on the login screen and every
// route of every role (scripts/every-route.mjs; issue 41), the shop and a product page with 200 items in the
// catalogue (issues 19 and 41),
// and again in a slow-phone profile (issue 29): the same network, with a CPU slowdown chosen for each visit so that
// the script-bound control page, visited just before and just after it, blocks for what it blocks on a budget phone
// (SLOW_PHONE_BLOCKING_MS), whatever this machine's processor and however busy it is that minute (a fixed 4x made
// the same build score 98 on one machine and 68 on a slower one; one slowdown per run let the control page drift
// from 411 to 793 ms within an hour).
// Lighthouse simulates the slowdown on the trace of a visit at this machine's speed, so each visit is audited in
// both profiles. Each page is visited RUNS times, keeping each profile's median run (by performance score): a shared
// 2-core machine makes single runs noisy. Every page is measured as a first visit (HTTP cache, service worker and its caches emptied; the
// session kept) and the login screen and the shop also as a repeat visit, with the service worker installed by
// a visit before. Two fixed control pages (bench/control-page, served by this process) are measured in the same
// run, first: a light one (a stylesheet and a little script) and a script-bound one (a first render of 1,500 rows
// in one task, decision 027). When their figures move, the machine is having a slow day, not the portal: the
// light one shows the network and the page's own loading, the script-bound one the processor.
//
// The real server runs compiled as `npm start` runs it, on a fresh embedded database, serving the production
// client build. The table replaces the one between the markers in docs/benchmarks.md, and the process fails
// when a target is missed: in the default profile login ≥ 97, shop and product page ≥ 90, dashboards ≥ 95 (issue
// 19); on the slow phone, first visits, login ≥ 95, dashboards ≥ 90 and blocking time ≤ 400 ms (issue 29), every
// customer route ≥ 90 and every staff route ≥ 85 (issue 41); accessibility and best practices 100 everywhere; CLS
// ≤ 0.01 on issue 19's five pages and ≤ 0.02 on every route.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5), LIGHTHOUSE_PAGES
// (comma-separated subset of the pages below, for a quick look; the docs table is then not rewritten),
// LIGHTHOUSE_PROFILES (comma-separated: `default`, `slow`; default both), LIGHTHOUSE_SLOWDOWN (the slow
// profile's CPU slowdown for every visit, skipping the control visits: for comparing builds at one setting),
// LIGHTHOUSE_CLIENT_DIST_DIR (another build of the client served instead of client/dist, for comparing two builds at
// one moment; no target is checked and the docs table is not rewritten), LIGHTHOUSE_REACT_PROFILING=1 (the client built with React's profiling build into a folder of its own and served
// instead of client/dist: the causes of main-thread work then name React's components; its figures are not the
// product's, so no target is checked and the docs table is not rewritten), LIGHTHOUSE_DESKTOP=1 (also Lighthouse's desktop settings), LIGHTHOUSE_REPORT_DIR (a folder where every
// run's full Lighthouse result is written as JSON), LIGHTHOUSE_ARTIFACTS_DIR (a folder where every visit's gathered
// artifacts are kept, its trace in `defaultPass.trace.json`: read its long tasks with bench/trace-tasks.ts).
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { chromium, type CDPSession } from 'playwright-core';
import { freePort } from '../e2e/server-process';
import { EVERY_ROUTE } from '../scripts/every-route.mjs';
import { formatCauses, mainThreadCauses, readTraceEvents } from './main-thread-causes';
import { signInWithForm, startPortalUnderTest } from './portal-under-test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHMARKS_DOC = path.join(root, 'docs', 'benchmarks.md');
const CONTROL_DIR = path.join(root, 'bench', 'control-page');
const BEGIN = '<!-- lighthouse:begin (written by npm run bench:lighthouse) -->';
const END = '<!-- lighthouse:end -->';
const CAUSES_HEADING =
  'Main-thread work of the median run by cause, the ten largest, in milliseconds at the profile\'s CPU slowdown (bench/main-thread-causes.ts; "other" is the browser\'s own work and the time the thread waited for a processor):';
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
const PROFILE_NAMES = (process.env.LIGHTHOUSE_PROFILES ?? 'default,slow').split(',').map((name) => name.trim());
for (const name of PROFILE_NAMES)
  if (name !== 'default' && name !== 'slow') throw new Error(`LIGHTHOUSE_PROFILES: unknown profile "${name}" (default, slow)`);
/** Issue 19: the targets in Lighthouse's mobile settings. */
const MIN_PERFORMANCE: Record<string, number> = {
  '/': 97,
  '/user/shop': 90,
  '/product/{id}': 90,
  '/admin-dashboard': 95,
  '/superadmin-dashboard': 95,
};
/**
 * Issue 29: the targets in the slow-phone profile, first visits; issue 41: every other route of a customer ≥ 90 and
 * of staff ≥ 85 (SLOW_PHONE_MIN_BY_READER).
 */
const MIN_PERFORMANCE_SLOW_PHONE: Record<string, number> = {
  '/': 95,
  '/user/shop': 90,
  '/product/{id}': 90,
  '/admin-dashboard': 90,
  '/superadmin-dashboard': 90,
};
const SLOW_PHONE_MIN_BY_READER = { customer: 90, staff: 85 } as const;
const MAX_BLOCKING_SLOW_PHONE_MS = 400;
/** Issue 19: the five pages it measured; issue 41 (contract "Every screen on a phone"): every route ≤ 0.02. */
const MAX_CLS: Record<string, number> = {
  '/': 0.01,
  '/user/shop': 0.01,
  '/product/{id}': 0.01,
  '/admin-dashboard': 0.01,
  '/superadmin-dashboard': 0.01,
};
const MAX_CLS_EVERY_ROUTE = 0.02;
/**
 * Issue 29: what the script-bound control page blocks for on a budget phone, as Lighthouse measured it on a
 * machine whose processor is that slow (579 ms at its default 4x): the slow profile's slowdown is chosen so the
 * control page lands in this range.
 */
const SLOW_PHONE_BLOCKING_MS = { low: 550, target: 600, high: 650 } as const;

type FormFactor = 'mobile' | 'desktop';
/**
 * A Lighthouse setting the pages are measured in: its form factor and, for the slow phone, its CPU slowdown. A
 * `paired` profile has no slowdown of its own: each visit is audited at the slowdown that brings the control visits
 * made just before and just after it to SLOW_PHONE_BLOCKING_MS (pairVisits).
 */
type Profile = { name: 'default' | 'slow phone' | 'desktop'; formFactor: FormFactor; slowdown?: number; paired?: true };
type Visit = 'first' | 'repeat';
type Row = {
  page: string;
  profile: Profile;
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
  /** Where the visit's artifacts are (its trace in `defaultPass.trace.json`). */
  folder: string;
  /** The ten largest causes of main-thread work in the median run (main-thread-causes.ts), portal pages only. */
  causes?: string;
};

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const longestChain = (lhr: Result) =>
  (lhr.audits['critical-request-chains']?.details as { longestChain?: { length: number } } | undefined)?.longestChain?.length ??
  Number.NaN;

const throttlingOf = (profile: Profile) =>
  profile.slowdown === undefined
    ? {}
    : { throttling: { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier: profile.slowdown } };

/**
 * One visit gathered into `folder` (its trace, network log and artifacts), then audited in each profile. Lighthouse's
 * CPU slowdown is simulated: the page loads at this machine's speed and the trace's tasks are lengthened when it is
 * audited, so one visit gives both profiles' figures (the settings written into the artifacts are the profile's,
 * as Lighthouse refuses to audit with settings other than those it gathered with). The profiles share a form
 * factor. `visit.prepare` readies the browser before each attempt. Lighthouse sometimes fails to record the trace on
 * a busy machine (NO_NAVSTART, "please run Lighthouse again"), and a first visit's page may still come from a
 * service worker the clean-up missed; such a visit is prepared and made again, twice at most.
 */
async function gatherAndAudit(
  url: string,
  flags: Flags,
  profiles: Profile[],
  folder: string,
  visit: { kind: Visit; prepare: () => Promise<void> },
): Promise<RunnerResult[]> {
  const config = profiles[0]!.formFactor === 'desktop' ? desktopConfig : undefined;
  for (let attempt = 1; ; attempt += 1) {
    await visit.prepare();
    await lighthouse(url, { ...flags, ...throttlingOf(profiles[0]!), gatherMode: folder }, config);
    const results: RunnerResult[] = [];
    for (const profile of profiles) results.push(await auditVisit(url, flags, profile, folder));
    const failed = results.find(({ lhr }) => lhr.runtimeError)?.lhr.runtimeError;
    if (!failed && !(visit.kind === 'first' && pageFromServiceWorker(results[0]!))) return results;
    if (!failed) {
      if (attempt === 3) throw new Error(`${url}: a first visit's page kept coming from the service worker`);
      console.warn(`${url}: a first visit's page came from the service worker; visiting again`);
      continue;
    }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${failed.message}`);
    console.warn(`Lighthouse failed on ${url} (${failed.code}); running it again`);
  }
}

/**
 * A gathered visit audited in `profile`: the settings written into its artifacts are the profile's, as Lighthouse
 * refuses to audit with settings other than those it gathered with.
 */
async function auditVisit(url: string, flags: Flags, profile: Profile, folder: string): Promise<RunnerResult> {
  const artifactsFile = path.join(folder, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as { settings: Record<string, unknown> };
  writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, ...throttlingOf(profile) } }));
  const config = profile.formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, { ...flags, ...throttlingOf(profile), auditMode: folder }, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result;
}

/** Whether the page itself was answered by the service worker: then the visit was no first visit. */
function pageFromServiceWorker({ lhr, artifacts }: RunnerResult): boolean {
  const page = lhr.finalDisplayedUrl;
  return artifacts.DevtoolsLog.some(
    (event) =>
      event.method === 'Network.responseReceived' &&
      event.params.type === 'Document' &&
      event.params.response.url === page &&
      event.params.response.fromServiceWorker === true,
  );
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

const LIGHTHOUSE_FLAGS = (port: number): Flags => ({
  port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
  // The signed-in pages need the session the browser holds (local storage); what a first visit must not
  // have (HTTP cache, service worker, its caches) is emptied by `prepare`.
  disableStorageReset: true,
});

/** A page's figures in one Lighthouse result; `folder` holds the visit's trace. */
function rowOf({ lhr }: RunnerResult, page: string, profile: Profile, visit: Visit, folder: string): Row {
  return {
    page,
    profile,
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
    folder,
  };
}

/** The median run by performance score (then blocking time); runs ≥ 1, so the middle one exists. */
const medianRun = (rows: Row[]) =>
  [...rows].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs)[Math.floor(rows.length / 2)]!;

/** A folder for each visit's artifacts: under LIGHTHOUSE_ARTIFACTS_DIR, kept; else a temporary one. */
const artifactsRoot = process.env.LIGHTHOUSE_ARTIFACTS_DIR
  ? path.resolve(process.env.LIGHTHOUSE_ARTIFACTS_DIR)
  : mkdtempSync(path.join(tmpdir(), 'rewards-lighthouse-artifacts-'));

/** The control visits a paired profile is judged against: the script-bound control page, visited as a first visit. */
type Pairing = { controlUrl: string; prepare: Prepare };

/**
 * A page visited `runs` times, each visit audited in every profile: the median row of each profile. A paired
 * profile (the slow phone) needs a control visit on either side of each page visit (C P C P … C, runs + 1 of them):
 * each page visit is audited at the slowdown that brings its two neighbours to SLOW_PHONE_BLOCKING_MS.
 */
async function measure(
  url: string,
  port: number,
  profiles: Profile[],
  page: string,
  visit: Visit,
  prepare: Prepare,
  pairing: Pairing | undefined,
  runs = RUNS,
): Promise<Row[]> {
  const measured = new Map<Profile['name'], Row[]>(profiles.map((profile) => [profile.name, []]));
  const paired = profiles.some((profile) => profile.paired);
  if (paired && !pairing) throw new Error('A paired profile needs the control page');
  const slug = page.replace(/[^a-z0-9]+/gi, '_');
  const controlVisit = async (run: number) => {
    const folder = path.join(artifactsRoot, `${slug}-control-${run}`);
    await gatherAndAudit(pairing!.controlUrl, LIGHTHOUSE_FLAGS(port), [{ name: 'default', formFactor: 'mobile' }], folder, {
      kind: 'first',
      prepare: () => pairing!.prepare('first', pairing!.controlUrl),
    });
    return folder;
  };
  let controlBefore = paired ? await controlVisit(0) : undefined;
  for (let run = 0; run < runs; run += 1) {
    const name = `${slug}-${profiles[0]!.formFactor}-${visit}-${run}`;
    const folder = path.join(artifactsRoot, name);
    // A paired profile is audited at Lighthouse's own slowdown first (the visit's checks need a result), then again
    // once the control visit after it is made.
    const gathered = profiles.map((profile) => (profile.paired ? { ...profile, slowdown: 4 } : profile));
    const results = await gatherAndAudit(url, LIGHTHOUSE_FLAGS(port), gathered, folder, {
      kind: visit,
      prepare: () => prepare(visit, url),
    });
    if (visit === 'first') warnOfCachedFiles(results[0]!, page);
    let controlAfter: string | undefined;
    if (paired) controlAfter = await controlVisit(run + 1);
    for (const [index, profile] of profiles.entries()) {
      let result = results[index]!;
      let audited = profile;
      if (profile.paired) {
        const slowdown = await slowPhoneSlowdown([controlBefore!, controlAfter!], pairing!.controlUrl, port);
        audited = { name: profile.name, formFactor: profile.formFactor, slowdown };
        result = await auditVisit(url, LIGHTHOUSE_FLAGS(port), audited, folder);
      }
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        const file = `${name}-${profile.name.replace(/[^a-z0-9]+/gi, '_')}.json`;
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, file), JSON.stringify(result.lhr));
      }
      measured.get(profile.name)!.push(rowOf(result, page, audited, visit, folder));
    }
    controlBefore = controlAfter;
  }
  for (const profile of profiles.filter((candidate) => candidate.paired)) {
    const slowdowns = measured.get(profile.name)!.map((row) => row.profile.slowdown!);
    console.log(`  ${page}: the slow phone's slowdown per visit ${slowdowns.map((slowdown) => `${slowdown}×`).join(', ')}`);
  }
  return profiles.map((profile) => medianRun(measured.get(profile.name)!));
}

/**
 * The slow-phone profile's CPU slowdown on this machine at the moment of `controlVisits` (issue 29): the multiplier
 * at which the script-bound control page's visits, audited again at each multiplier tried, block for
 * SLOW_PHONE_BLOCKING_MS on average. The search runs on fixed traces: bisection (blocking time grows faster than the
 * multiplier: each long task adds slowdown × its length less 50 ms). Calibrating once per run did not do: the control
 * page's blocking at one slowdown moved from 411 to 793 ms within an hour of one build (decision 039), so each page
 * visit is judged against the control visits made either side of it.
 */
async function slowPhoneSlowdown(controlVisits: string[], controlUrl: string, port: number): Promise<number> {
  const blockingAt = async (slowdown: number) => {
    const profile: Profile = { name: 'slow phone', formFactor: 'mobile', slowdown };
    let total = 0;
    for (const folder of controlVisits)
      total += audit((await auditVisit(controlUrl, LIGHTHOUSE_FLAGS(port), profile, folder)).lhr, 'total-blocking-time');
    return total / controlVisits.length;
  };
  const { low, target, high } = SLOW_PHONE_BLOCKING_MS;
  let lower = 1;
  let upper = 4;
  // Lighthouse's own 4x first: on a machine as slow as the phone it is already the answer.
  let slowdown = upper;
  let blocking = await blockingAt(upper);
  while (blocking < low && upper < 64) {
    lower = upper;
    upper *= 2;
    slowdown = upper;
    blocking = await blockingAt(upper);
  }
  for (let probe = 0; probe < 12 && (blocking < low || blocking > high); probe += 1) {
    if (blocking < target) lower = slowdown;
    else upper = slowdown;
    slowdown = (lower + upper) / 2;
    blocking = await blockingAt(slowdown);
  }
  if (blocking < low || blocking > high)
    console.warn(`The control page could not be brought to ${low}–${high} ms; measuring at CPU ${slowdown.toFixed(2)}×`);
  return Math.round(slowdown * 100) / 100;
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
      // With a body: an empty 404 is a navigation error to the browser (prepare visits /api/health on each origin).
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The settings column: the profile, with its CPU slowdown when not Lighthouse's own. */
const settingOf = ({ name, slowdown }: Profile) => (slowdown === undefined ? name : `${name} (CPU ${slowdown}×)`);

function formatTable(rows: Row[]): string {
  const lines = [
    '| page | visit | settings | performance | FCP | LCP | TBT | CLS | accessibility | best practices | chain | transferred |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| \`${row.page}\` | ${row.visit} | ${settingOf(row.profile)} | ${row.performance} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ` +
        `${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.accessibility} | ${row.bestPractices} | ${row.chain} | ` +
        `${row.transferKb.toFixed(0)} KB |`,
    ),
  ];
  return lines.join('\n');
}

/**
 * Issue 29: where the median run's main thread went, its ten largest causes at the profile's slowdown (as
 * Lighthouse counts it; desktop settings simulate none).
 */
function causesOf(row: Row): string {
  const events = readTraceEvents(path.join(row.folder, 'defaultPass.trace.json'));
  const slowdown =
    row.profile.slowdown ?? (row.profile.formFactor === 'desktop' ? 1 : lighthouseThrottling.mobileSlow4G.cpuSlowdownMultiplier);
  return formatCauses(mainThreadCauses(events, { slowdown }));
}

/** Each portal page's causes of main-thread work, a line per row of the table. */
function formatCausesList(rows: Row[]): string {
  return rows
    .filter((row) => row.causes)
    .map((row) => `- \`${row.page}\`, ${row.visit} visit, ${settingOf(row.profile)}: ${row.causes}`)
    .join('\n');
}

function writeToDocs(table: string, causes: string, when: string) {
  const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin === -1 || end === -1) throw new Error(`docs/benchmarks.md has no ${BEGIN} … ${END} section`);
  const body = `${BEGIN}\nMeasured ${when} (median of ${RUNS} runs each; \`npm run bench:lighthouse\`):\n\n${table}\n\n${CAUSES_HEADING}\n\n${causes}\n`;
  writeFileSync(BENCHMARKS_DOC, doc.slice(0, begin) + body + doc.slice(end));
}

/** What each measured row misses of issue 19's targets (default profile) and issue 29's (slow phone). */
/** Who reads each measured page (its name in the table): a customer's routes and the staff's have their own targets. */
const readerOf = new Map<string, 'customer' | 'staff'>();

function missedTargets(rows: Row[]): string[] {
  const missed: string[] = [];
  for (const row of rows) {
    if (row.page.startsWith('control page') || row.profile.formFactor !== 'mobile') continue;
    const name = `${row.page} (${row.visit} visit, ${row.profile.name})`;
    const slowPhone = row.profile.name === 'slow phone';
    const reader = readerOf.get(row.page);
    const minimum = slowPhone
      ? (MIN_PERFORMANCE_SLOW_PHONE[row.page] ?? (reader ? SLOW_PHONE_MIN_BY_READER[reader] : undefined))
      : MIN_PERFORMANCE[row.page];
    if (row.visit === 'first' && minimum !== undefined && row.performance < minimum)
      missed.push(`${name} performance ${row.performance} < ${minimum}`);
    if (slowPhone && row.visit === 'first' && row.tbtMs > MAX_BLOCKING_SLOW_PHONE_MS)
      missed.push(`${name} blocking time ${Math.round(row.tbtMs)} ms > ${MAX_BLOCKING_SLOW_PHONE_MS} ms`);
    if (row.accessibility < 100) missed.push(`${name} accessibility ${row.accessibility} < 100`);
    if (row.bestPractices < 100) missed.push(`${name} best practices ${row.bestPractices} < 100`);
    const maxCls = MAX_CLS[row.page] ?? MAX_CLS_EVERY_ROUTE;
    if (row.cls > maxCls) missed.push(`${name} layout shift ${row.cls.toFixed(3)} > ${maxCls}`);
  }
  return missed;
}

const REACT_PROFILING = process.env.LIGHTHOUSE_REACT_PROFILING === '1';
/** Another build of the client to serve instead of client/dist (an older commit's, for an A/B at one moment). */
const OTHER_BUILD = process.env.LIGHTHOUSE_CLIENT_DIST_DIR ? path.resolve(process.env.LIGHTHOUSE_CLIENT_DIST_DIR) : undefined;

/** The client built with React's profiling build (client/vite.config.ts, REACT_PROFILING) into a new folder. */
function buildReactProfilingClient(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'rewards-client-profiling-'));
  console.log(`Building the client with React's profiling build into ${outDir}…`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
    env: { ...process.env, REACT_PROFILING: '1', NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The profiling build of the client failed');
  return outDir;
}

async function main() {
  const profilingBuild = REACT_PROFILING ? buildReactProfilingClient() : undefined;
  const server = await startPortalUnderTest('lighthouse', { clientDistDir: profilingBuild ?? OTHER_BUILD });
  const { users, firstItem } = server;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'rewards-lighthouse-profile-'));
  const control = await serveControlPage();
  const port = await freePort();
  // One persistent profile: the session a page stores is seen by the tabs Lighthouse opens.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${port}`],
  });
  // The server shares this machine's two processors with the browser, and its work for a page (its queries on the
  // embedded database) ran while the page's tasks waited: tasks that Lighthouse lengthens by the CPU slowdown. A
  // phone does not run the server: it runs at the lowest priority, so it takes a processor only when the browser
  // leaves one (decision 039; the control pages, which need no server, are unchanged by it).
  setPriority(server.pid, 19);
  const rows: Row[] = [];
  const tab = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(tab);
  const prepare: Prepare = async (visit, url) => {
    const origin = new URL(url).origin;
    if (visit === 'first') {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
      // Clearing the data can leave a worker registered by a tab still open (seen: a dashboard's "first visit"
      // painted at 0.13 s, its page answered by the worker). Unregistered from a page of the origin that is not the
      // app (the health check's JSON registers nothing), and its caches deleted, it is gone for the next load.
      await tab.goto(`${origin}/api/health`);
      await tab.evaluate(async () => {
        if ('serviceWorker' in navigator)
          await Promise.all((await navigator.serviceWorker.getRegistrations()).map((registration) => registration.unregister()));
        if ('caches' in window) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
      });
      await tab.goto('about:blank');
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
    // The login screen, then every route of every role (scripts/every-route.mjs, the list the every-screen journey
    // opens; issue 41), the shop's and the login's repeat visits too. `name` is the page in the table.
    type Reader = keyof typeof EVERY_ROUTE;
    const credentialsOf: Record<Reader, { username: string; password: string }> = users;
    const allPages: { page: string; name: string; visits: Visit[]; signIn?: { username: string; password: string } }[] = [
      { page: '/', name: '/', visits: ['first', 'repeat'] },
      ...(Object.keys(EVERY_ROUTE) as Reader[]).flatMap((reader) =>
        EVERY_ROUTE[reader].map((route) => {
          // '/help' is every role's: named by its reader.
          const name = route === '/help' ? `/help (${reader})` : route.replace('{item}', '{id}');
          readerOf.set(name, reader === 'customer' ? 'customer' : 'staff');
          const visits: Visit[] = route === '/user/shop' ? ['first', 'repeat'] : ['first'];
          return {
            page: route.replace('{item}', firstItem),
            name,
            visits,
            signIn: credentialsOf[reader],
          };
        }),
      ),
    ];
    // '/' alone is the login page; any other entry also matches the pages below it ('/product' → '/product/{id}').
    const chosen = (page: string) => ONLY_PAGES?.some((only) => page === only || (only !== '/' && page.startsWith(only)));
    const pages = ONLY_PAGES ? allPages.filter(({ page }) => chosen(page)) : allPages;
    const record = (row: Row) => {
      if (!row.page.startsWith('control page')) row.causes = causesOf(row);
      console.log(
        `${row.page} ${row.visit} ${settingOf(row.profile)}: performance ${row.performance}, FCP ${seconds(row.fcpMs)}, ` +
          `LCP ${seconds(row.lcpMs)}, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}, chain ${row.chain}` +
          (row.causes ? `\n  main thread: ${row.causes}` : ''),
      );
      rows.push(row);
    };
    const profiles: Profile[] = [];
    if (PROFILE_NAMES.includes('default')) profiles.push({ name: 'default', formFactor: 'mobile' });
    if (PROFILE_NAMES.includes('slow')) {
      const chosen = process.env.LIGHTHOUSE_SLOWDOWN;
      console.log(
        chosen
          ? `Slow phone: CPU slowdown ${chosen} (LIGHTHOUSE_SLOWDOWN)`
          : 'Slow phone: each visit judged against the control visits either side of it',
      );
      profiles.push(
        chosen
          ? { name: 'slow phone', formFactor: 'mobile', slowdown: Number(chosen) }
          : { name: 'slow phone', formFactor: 'mobile', paired: true },
      );
    }
    if (process.env.LIGHTHOUSE_DESKTOP === '1') profiles.push({ name: 'desktop', formFactor: 'desktop' });
    // The mobile profiles share each visit; the desktop has visits of its own.
    const mobile = profiles.filter((profile) => profile.formFactor === 'mobile');
    const profileGroups = [mobile, profiles.filter((profile) => profile.formFactor === 'desktop')].filter(
      (group) => group.length > 0,
    );
    const pairing: Pairing = { controlUrl: `${control.url}script.html`, prepare };
    for (const group of profileGroups) {
      (await measure(control.url, port, group, 'control page', 'first', prepare, pairing)).forEach(record);
      (await measure(pairing.controlUrl, port, group, 'control page (script)', 'first', prepare, pairing)).forEach(record);
    }
    for (const { page, name, visits, signIn: credentials } of pages) {
      if (credentials) {
        const signInTab = await context.newPage();
        await signInWithForm(signInTab, server.baseUrl, credentials);
        await signInTab.close();
      }
      for (const visit of visits) {
        for (const group of profileGroups) {
          (await measure(`${server.baseUrl}${page}`, port, group, name, visit, prepare, pairing)).forEach(record);
        }
      }
    }
  } finally {
    await context.close();
    await server.stop();
    await control.close();
    rmSync(profileDir, { recursive: true, force: true });
    if (!process.env.LIGHTHOUSE_ARTIFACTS_DIR) rmSync(artifactsRoot, { recursive: true, force: true });
    if (profilingBuild) rmSync(profilingBuild, { recursive: true, force: true });
  }

  const table = formatTable(rows);
  const causes = formatCausesList(rows);
  console.log(`\n${table}\n\n${CAUSES_HEADING}\n\n${causes}\n`);
  if (REACT_PROFILING) {
    console.log("React's profiling build: these figures are not the product's; no target is checked.");
    return;
  }
  if (OTHER_BUILD) {
    console.log(`Served ${OTHER_BUILD}, not this checkout's build: the docs table is not rewritten.`);
    return;
  }
  if (!ONLY_PAGES) writeToDocs(table, causes, new Date().toISOString().slice(0, 10));

  const missed = missedTargets(rows);
  if (missed.length > 0) {
    console.error(`Targets missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      'Targets met: default profile login ≥ 97, shop and product ≥ 90, dashboards ≥ 95; slow phone login ≥ 95, shop ≥ 85, ' +
        'product and dashboards ≥ 90, blocking time ≤ 400 ms; accessibility and best practices 100, CLS ≤ 0.01.',
    );
  }
}

await main();
