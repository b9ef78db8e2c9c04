import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ROUTE } from '../../scripts/every-route.mjs';
import { VIEWPORTS } from '../browser';
import { seedDemo } from '../seed-demo';
import { startServerProcess, type ServerProcess } from '../server-process';
import { openPage, signIn, useBrowser, watchLayoutShifts } from './helpers';

// Contract "Every screen on a phone": every route of every role, at 360 and 1,280 px, in English and Hindi, on
// the demo's programme (lists long enough to matter). On each full load of a route: no list or page scrolls
// sideways, and nothing moves once drawn (layout shift at most 0.02 while the screen's data arrives).
const browser = useBrowser();

/** The most layout shift a route may show while it loads (contract). */
const MOST_SHIFT = 0.02;
const WIDTHS = { phone: VIEWPORTS.phone, desktop: VIEWPORTS.desktop } as const;
const LANGUAGES = ['en', 'hi'] as const;

type Role = keyof typeof EVERY_ROUTE;

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let accounts: { customer: string; admin: string; superadmin: string } | undefined;
let password = '';
let itemId = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-e2e-every-screen-'));
  const demo = await seedDemo(dataDir);
  accounts = demo.accounts;
  password = demo.password;
  server = await startServerProcess(dataDir, { NODE_ENV: 'test' });
  const items = (await (await fetch(`${server.baseUrl}/api/item`)).json()) as { _id: string }[];
  itemId = items[0]!._id;
  // The dealer's cart holds an item, so the cart and checkout draw what a dealer about to order sees.
  const token = await apiSignIn(accounts.customer);
  await api(token, 'POST', '/user/cart/add', { itemId, quantity: 1 });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function apiSignIn(username: string): Promise<string> {
  const response = await fetch(`${server!.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server!.baseUrl}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
}

/** Waits until the screen has its data: no request in flight, no 'Loading...' left, then a moment for late paints. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText(/^(Loading\.\.\.|लोड हो रहा है\.\.\.)$/).count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(400);
}

/**
 * What scrolls sideways: the page itself, or any box on it whose content is wider than the box (a table in its
 * own scrolling region is what the contract forbids: it hides what the row is for).
 */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page ${root.scrollWidth} px in ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, header *'))) {
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        const name = element.getAttribute('aria-label') ?? element.className.toString().slice(0, 60);
        found.push(`${element.tagName.toLowerCase()} "${name}" ${element.scrollWidth} px in ${element.clientWidth}`);
      }
    }
    return found;
  });
}

describe.each(Object.keys(EVERY_ROUTE) as Role[])('every screen of a %s', (role) => {
  describe.each(LANGUAGES)('in %s', (language) => {
    it.each(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[])(
      'when each route is opened on a %s, then no list scrolls sideways and nothing moves as its data arrives',
      async (width) => {
        const username = accounts![role];
        await api(await apiSignIn(username), 'PUT', '/user/preferences', { language });
        const { context, page } = await openPage(browser(), server!.baseUrl, WIDTHS[width]);
        const problems: string[] = [];
        const measured: string[] = [];
        try {
          await signIn(page, username, password);
          await page.waitForURL((url) => url.pathname !== '/');
          const shifts = await watchLayoutShifts(page);
          for (const route of EVERY_ROUTE[role]) {
            await page.goto(route.replace('{item}', itemId));
            await settle(page);
            const shift = (await shifts()).reduce((sum, value) => sum + value, 0);
            const sideways = await sidewaysScrolling(page);
            if (shift > MOST_SHIFT) problems.push(`${route}: layout shift ${shift.toFixed(3)}`);
            for (const wide of sideways) problems.push(`${route}: ${wide}`);
            measured.push(
              `| ${role} | ${language} | ${width} | \`${route}\` | ${shift.toFixed(3)} | ${sideways.join('; ') || 'none'} |`,
            );
          }
        } finally {
          await context.close();
        }
        // The figures for the docs' table (docs/benchmarks.md "Every screen on a phone"), printed whether or not it passes.
        console.info(measured.join('\n'));
        expect(problems).toEqual([]);
      },
      240_000,
    );
  });
});
