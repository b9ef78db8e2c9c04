// `node --import tsx bench/login-shifts.ts`: the login page as a returning visitor's phone opens it (second load,
// its service worker installed, 4× CPU slowdown), SHIFT_LOADS times (default 8) in fresh browser contexts, and
// every layout shift the page itself reports, with the elements that moved (decision 029: a page parsed in two
// slices painted half the prerendered login, then moved it; Lighthouse's repeat visit caught it in 2 of 5 runs).
import { chromium } from 'playwright-core';
import { startPortalUnderTest } from './portal-under-test';
const server = await startPortalUnderTest('login-shifts');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
// A string, not a function: tsx would add helpers the page lacks.
const OBSERVE = `
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push({ at: Math.round(e.startTime), value: e.value, input: e.hadRecentInput, sources: (e.sources||[]).map(s => (s.node ? (s.node.nodeName + '.' + (s.node.className||'') + ' ' + (s.node.textContent||'').slice(0,40)) : '?') + ' ' + JSON.stringify(s.previousRect) + '->' + JSON.stringify(s.currentRect)) }); }).observe({ type: 'layout-shift', buffered: true });
`;
try {
  for (let load = 0; load < Number(process.env.SHIFT_LOADS ?? 8); load += 1) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    await context.addInitScript({ content: OBSERVE });
    const tab = await context.newPage();
    await tab.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    await tab.waitForTimeout(3000);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
    await tab.waitForTimeout(2500);
    const shifts = await tab.evaluate('window.__shifts');
    console.log(`load ${load + 1}: ${JSON.stringify(shifts)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
