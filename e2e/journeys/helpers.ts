import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../browser';
import { seedCatalogue } from '../seed-catalogue';
import { seedJourneyUsers } from '../seed-users';
import { startServerProcess, type ServerProcess } from '../server-process';

/** One Chromium for the test file: launched before its tests, closed after. Call the result inside tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/**
 * A new context and page. Service workers are blocked unless asked for: a worker answering from its caches
 * would make a journey's second page depend on what an earlier one loaded (app-install.test.ts opts in).
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, serviceWorkers: options.serviceWorkers ?? 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  // Mantine appends an aria-hidden ' *' to required labels; the anchor keeps 'Toggle password visibility' out.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API (for set-up steps that are not what the journey is about). */
export async function apiToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return ((await response.json()) as { refreshToken: string }).refreshToken;
}

export async function customerUsernames(baseUrl: string, token: string, q: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/admin/users?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { username: string }[]).map((user) => user.username).sort();
}

/**
 * The page's layout shifts, each one's score in order, seen by an observer the page gets before any of its own
 * scripts (call before opening the page; it lasts for the page's later loads too). Shifts within half a second
 * of a press or a key are left out, as the browser's layout-shift score leaves them out, unless `afterInput`.
 */
export async function watchLayoutShifts(page: Page, options: { afterInput?: boolean } = {}): Promise<() => Promise<number[]>> {
  const counted = options.afterInput ? 'true' : '!entry.hadRecentInput';
  await page.addInitScript({
    content: `window.__layoutShifts = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (${counted}) window.__layoutShifts.push(entry.value); }).observe({ type: 'layout-shift', buffered: true });`,
  });
  return () => page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts);
}

/** axe-core's WCAG 2 A/AA rules; serious and critical findings fail the journey. */
export async function seriousAccessibilityViolations(page: Page) {
  // A dialog still fading in would be judged at half opacity: let running transitions end first.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 3) }));
}

export type OwnServer = {
  /** The server's address (once started: read it inside tests). */
  readonly baseUrl: string;
  /** The journey users seeded into its data folder. */
  readonly users: Awaited<ReturnType<typeof seedJourneyUsers>>;
  /** The first superadmin the server created at its first start. */
  readonly superadmin: { username: string; password: string };
  /** The ids of the `catalogueItems` seeded items, in the catalogue's order. */
  readonly itemIds: string[];
  /** A new page on this server with `user` signed in and their home (`home`) open. */
  signedIn(
    user: { username: string; password: string },
    home: string,
    viewport?: { width: number; height: number },
  ): Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * A server and data folder of the test file's own, for journeys that change what the shared one holds
 * (balances, rates, the catalogue, orders): the journey users, `catalogueItems` seeded items, started before
 * the file's tests and removed after.
 */
export function useOwnServer(name: string, browser: () => Browser, options: { catalogueItems?: number } = {}): OwnServer {
  const superadmin = { username: `${name}-owner`, password: `${name}-owner-password-1` };
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let users: OwnServer['users'] | undefined;
  let itemIds: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `rewards-e2e-${name}-`));
    users = await seedJourneyUsers(dataDir);
    if (options.catalogueItems) itemIds = await seedCatalogue(dataDir, options.catalogueItems);
    server = await startServerProcess(dataDir, {
      NODE_ENV: 'test',
      SUPERADMIN_USERNAME: superadmin.username,
      SUPERADMIN_PASSWORD: superadmin.password,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const started = () => {
    if (!server || !users) throw new Error(`the ${name} server is not started yet`);
    return { server, users };
  };
  return {
    get baseUrl() {
      return started().server.baseUrl;
    },
    get users() {
      return started().users;
    },
    superadmin,
    get itemIds() {
      return itemIds;
    },
    async signedIn(user, home, viewport = VIEWPORTS.desktop) {
      const opened = await openPage(browser(), started().server.baseUrl, viewport);
      await signIn(opened.page, user.username, user.password);
      await opened.page.waitForURL(`**${home}`);
      return opened;
    },
  };
}
