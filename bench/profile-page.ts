// `node --import tsx bench/profile-page.ts /user/shop`: where a page's main thread goes while it starts (decision
// 026). The same portal and sign-in as bench/lighthouse.bench.ts (portal-under-test.ts); Chromium with a 4× CPU
// slowdown (Lighthouse's mobile setting) but without Lighthouse's tracing, and the network as it is (local: this
// measures the CPU, not a phone's network), loads the page PROFILE_RUNS times (default 3) with the HTTP cache
// emptied, each under V8's sampling profiler. Prints the medians of the first and largest paints, of the blocking
// time after the first paint and over the whole start, and of the longest task; then the files and functions
// with the most self time (PROFILE_TOP=0: not). PROFILE_TIMELINE=1 lists the last run's requests and long tasks
// in order, PROFILE_SEGMENTS=1 the functions of its longest busy stretches (a `--minify false` build gives
// names; PROFILE_CLIENT_DIST_DIR serves such a build instead of client/dist), PROFILE_OUT writes its .cpuprofile
// (open it in DevTools).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signInWithForm, startPortalUnderTest } from './portal-under-test';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const page = process.argv[2] ?? '/user/shop';

const server = await startPortalUnderTest('profile', { clientDistDir: process.env.PROFILE_CLIENT_DIST_DIR });
const { users, firstItem } = server;
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const tab = await context.newPage();
  const who = page.startsWith('/superadmin') ? users.superadmin : page.startsWith('/admin') ? users.admin : users.customer;
  if (page !== '/') await signInWithForm(tab, server.baseUrl, who);
  // What the page itself sees: first paint, largest paint and the long tasks (PerformanceObserver, buffered).
  await tab.addInitScript(() => {
    const seen: { fcp?: number; lcp?: number; tasks: { start: number; duration: number }[] } = { tasks: [] };
    (window as unknown as { __pageTimings: typeof seen }).__pageTimings = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.entryType === 'paint' && entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
        if (entry.entryType === 'largest-contentful-paint') seen.lcp = entry.startTime;
        if (entry.entryType === 'longtask') seen.tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ entryTypes: ['paint', 'largest-contentful-paint', 'longtask'] });
  });
  const cdp = await context.newCDPSession(tab);
  const timings: { fcp: number; lcp: number; tbt: number; blocking: number; longest: number }[] = [];
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const selfByFunction = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  let total = 0;
  let last: Profile | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    await tab.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.start');
    await tab.goto(`${server.baseUrl}${page.replace('{id}', firstItem)}`, { waitUntil: 'load' });
    await tab.waitForTimeout(Number(process.env.PROFILE_WAIT_MS ?? 8_000));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const seen = await tab.evaluate(
      () =>
        (window as unknown as { __pageTimings: { fcp?: number; lcp?: number; tasks: { start: number; duration: number }[] } })
          .__pageTimings,
    );
    const fcp = seen.fcp ?? Number.NaN;
    if (process.env.PROFILE_TIMELINE === '1' && run === RUNS - 1) {
      const resources = await tab.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return { name: timing.name, start: timing.startTime, end: timing.responseEnd, size: timing.encodedBodySize };
        }),
      );
      const events = [
        ...resources.map((r) => ({
          at: r.start,
          text: `fetch ${r.name.replace(server.baseUrl, '')} → ${r.end.toFixed(0)} (${r.size} B)`,
        })),
        ...seen.tasks.map((task) => ({ at: task.start, text: `long task ${task.duration.toFixed(0)} ms` })),
        { at: fcp, text: 'FCP' },
        { at: seen.lcp ?? 0, text: 'LCP' },
      ].sort((a, b) => a.at - b.at);
      for (const event of events) console.log(`${event.at.toFixed(0).padStart(6)}  ${event.text}`);
    }
    const after = seen.tasks.filter((task) => task.start >= fcp);
    timings.push({
      fcp,
      lcp: seen.lcp ?? Number.NaN,
      tbt: after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      // Blocking time of the whole start, before the first paint too: when the paint comes early or late moves
      // work in and out of "after FCP", this does not move.
      blocking: seen.tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longest: Math.max(0, ...seen.tasks.map((task) => task.duration)),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    last = profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const node = byId.get(id)!;
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)' || functionName === '(program)') return;
      total += ms;
      const file = url.replace(server.baseUrl, '') || functionName;
      const key = `${functionName || '(anonymous)'} ${file}:${lineNumber}`;
      selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + ms);
      selfByFile.set(file, (selfByFile.get(file) ?? 0) + ms);
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${page}: FCP ${median(timings.map((t) => t.fcp)).toFixed(0)} ms, LCP ${median(timings.map((t) => t.lcp)).toFixed(0)} ms, ` +
      `TBT after FCP ${median(timings.map((t) => t.tbt)).toFixed(0)} ms, blocking in all ${median(timings.map((t) => t.blocking)).toFixed(0)} ms, longest task ${median(timings.map((t) => t.longest)).toFixed(0)} ms ` +
      `(medians of ${RUNS}; runs' TBT ${timings.map((t) => t.tbt.toFixed(0)).join(', ')})`,
  );
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${(ms / RUNS).toFixed(0).padStart(6)} ms  ${key}`);
  console.log(`${page}: ${(total / RUNS).toFixed(0)} ms of busy samples per load (4× slowdown), mean of ${RUNS}`);
  if (process.env.PROFILE_TOP !== '0') console.log('\nBy file (self time):\n' + top(selfByFile, 25).join('\n'));
  if (process.env.PROFILE_TOP !== '0') console.log('\nBy function (self time):\n' + top(selfByFunction, 40).join('\n'));
  if (process.env.PROFILE_SEGMENTS === '1' && last) printLongestSegments(last);
  if (process.env.PROFILE_OUT && last) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(last));
} finally {
  await browser.close();
  await server.stop();
}

/** The last run's longest stretches of uninterrupted work, with the functions that took them (inclusive time). */
function printLongestSegments(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const idle = (id: number) => ['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName);
  type Segment = { start: number; ms: number; samples: { id: number; ms: number }[] };
  const segments: Segment[] = [];
  let current: Segment | undefined;
  let at = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    at += ms;
    if (idle(id)) {
      if (current && current.ms > 0) segments.push(current);
      current = undefined;
      return;
    }
    current ??= { start: at, ms: 0, samples: [] };
    current.ms += ms;
    current.samples.push({ id, ms });
  });
  if (current) segments.push(current);
  for (const segment of segments.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.PROFILE_SEGMENT_COUNT ?? 4))) {
    const inclusive = new Map<string, number>();
    for (const { id, ms } of segment.samples) {
      const names = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)!.callFrame;
        names.add(`${frame.functionName || '(anonymous)'} ${frame.url.replace(/^https?:\/\/[^/]+/, '')}:${frame.lineNumber}`);
      }
      for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
    console.log(`\nBusy ${segment.ms.toFixed(0)} ms from ${segment.start.toFixed(0)} ms (profile time):`);
    for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 35))
      console.log(`${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
}
