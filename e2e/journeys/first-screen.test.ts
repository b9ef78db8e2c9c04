import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { kolkataDate } from '@app/common';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_LAYOUT } from '../../client/src/app/shell-modules';
import { VIEWPORTS } from '../browser';
import { apiToken, openPage, useBrowser, useOwnServer, watchLayoutShifts } from './helpers';

// Decision 027: what a signed-in page loads before its first screen is drawn, and what waits until it is.
const browser = useBrowser();
const own = useOwnServer('first-screen', browser, { catalogueItems: 6 });

/** When (ms since the test's clock started) each request of the page was sent and each answer finished. */
function watchRequests(page: Page) {
  const started = Date.now();
  const sent: { url: string; at: number }[] = [];
  const finished: { url: string; at: number }[] = [];
  page.on('request', (request) => sent.push({ url: request.url(), at: Date.now() - started }));
  page.on('requestfinished', (request) => finished.push({ url: request.url(), at: Date.now() - started }));
  return {
    now: () => Date.now() - started,
    sentAt: (pattern: RegExp) => sent.find((entry) => pattern.test(entry.url))?.at,
    lastFinishedAt: (pattern: RegExp) =>
      Math.max(...finished.filter((entry) => pattern.test(entry.url)).map((entry) => entry.at)),
  };
}

/**
 * A visit whose page's own scripts are held back until `release()`: what shows meanwhile comes from the HTML
 * alone (the frames drawn from the page, decisions 030 and 031). Counts the page's layout shifts and lists the
 * pictures it asks for. Call before the page is opened.
 */
async function holdScripts(page: Page) {
  const layoutShifts = await watchLayoutShifts(page);
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (/\/uploads\//.test(request.url())) pictures.push(request.url());
  });
  let released = false;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return {
    pictures,
    released: () => released,
    release: () => {
      released = true;
      release();
    },
    /** The page's layout-shift score so far: the sum of its shifts. */
    shifts: async () => (await layoutShifts()).reduce((sum, shift) => sum + shift, 0),
  };
}

const USER_MENU_CODE = /\/assets\/user-menu-[\w-]+\.js$/;

/**
 * The code the signed-in frame downloads once the page has settled (decision 039): the notifications container's,
 * the one module the layout imports lazily that is a package's, not the app's (menus, panels and dialogs are
 * imported at their first use). Its chunk's name is the bundler's, so it is read from the build's manifest.
 */
function settlingCode(): RegExp {
  const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');
  const manifest = JSON.parse(readFileSync(path.join(clientDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; dynamicImports?: string[] }
  >;
  const fromPackages = (manifest[SIGNED_IN_LAYOUT]?.dynamicImports ?? []).filter((key) => !key.startsWith('src/'));
  if (fromPackages.length !== 1) throw new Error(`the layout should import one package lazily, not ${fromPackages.length}`);
  return new RegExp(`/${manifest[fromPackages[0]!]!.file.replace(/[.]/g, '\\.')}$`);
}
const SETTLING_CODE = settlingCode();

/**
 * Counts what makes the browser load its locale data (decision 028): Intl formatters and the toLocale… methods
 * built on them. A string, not a function: the test runner's transform would add helpers the page lacks.
 */
const COUNT_LOCALE_FORMATTING = `
  window.__localeFormatting = [];
  const note = (what) => window.__localeFormatting.push(what);
  for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'ListFormat']) {
    const Real = Intl[name];
    Intl[name] = new Proxy(Real, { construct(target, args) { note(name); return new target(...args); } });
  }
  for (const [proto, names] of [[Number.prototype, ['toLocaleString']], [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']]])
    for (const name of names) { const real = proto[name]; proto[name] = function (...args) { note(name); return real.apply(this, args); }; }
`;

describe('the first screen comes first (decision 027)', () => {
  it('when a customer opens the shop, then the settling code is asked for only after the catalogue and its pictures arrived, the user menu’s only at its press, and the menu works', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const requests = watchRequests(page);
    await page.reload();
    await expect.poll(() => requests.sentAt(SETTLING_CODE), { timeout: 15_000 }).toBeDefined();

    const settledAt = requests.sentAt(SETTLING_CODE)!;
    expect(requests.lastFinishedAt(/\/api\/item$/)).toBeLessThan(settledAt);
    expect(requests.lastFinishedAt(/\/uploads\/.+\.webp$/)).toBeLessThan(settledAt);
    await page.waitForTimeout(1_000);
    expect(requests.sentAt(USER_MENU_CODE)).toBeUndefined();
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    expect(requests.sentAt(USER_MENU_CODE)).toBeDefined();
    await context.close();
  });

  it('when a customer opens the shop, then the stylesheet the page carries inline is not fetched again by the screens', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const requests = watchRequests(page);
    await page.reload();
    await expect.poll(() => requests.sentAt(SETTLING_CODE), { timeout: 15_000 }).toBeDefined();

    const inlineOf = await page.locator('style[data-inline-of]').getAttribute('data-inline-of');
    expect(inlineOf).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    expect(requests.sentAt(/\/assets\/[\w-]+\.css$/)).toBeDefined();
    expect(requests.sentAt(new RegExp(`${inlineOf!.replace(/[.]/g, '\\.')}$`))).toBeUndefined();
    await context.close();
  });

  it.each([
    ['a customer', 'customer', '/user/shop'],
    ['an admin', 'admin', '/admin-dashboard'],
  ] as const)(
    'when %s opens the first screen, then no Intl formatter is built before the page settles and no SVG icon is fetched',
    async (_who, role, path) => {
      const { page, context } = await own.signedIn(own.users[role], path, VIEWPORTS.phone);
      await page.addInitScript({ content: COUNT_LOCALE_FORMATTING });
      const requests = watchRequests(page);
      await page.reload();
      await expect.poll(() => requests.sentAt(SETTLING_CODE), { timeout: 15_000 }).toBeDefined();

      // Numbers are on the screen, grouped the Indian way, written without Intl.
      await expect.poll(() => page.getByText(/\d/).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __localeFormatting: string[] }).__localeFormatting)).toEqual([]);
      expect(requests.sentAt(/\.svg$/)).toBeUndefined();
      expect(requests.sentAt(/\/icons\/favicon-32\.png$/)).toBeDefined();
      await context.close();
    },
  );

  it.each([
    ['the shop', '/user/shop', /\/assets\/shop-[\w-]+\.js$/],
    ['a product', 'product', /\/assets\/product-[\w-]+\.js$/],
  ] as const)(
    'when a customer opens %s, then its first picture is asked for before the screen’s code arrives, and downloaded once',
    async (_what, where, screenCode) => {
      const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
      const path = where === 'product' ? `/product/${encodeURIComponent(own.itemIds[0]!)}` : where;
      const requests = watchRequests(page);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      // The screen's code takes a second and a half longer to come: the picture must not wait for it.
      let screenCodeReleasedAt = Infinity;
      await page.route(screenCode, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        screenCodeReleasedAt = Math.min(screenCodeReleasedAt, requests.now());
        await route.continue();
      });
      const pictures: string[] = [];
      page.on('request', (request) => {
        if (/\/uploads\//.test(request.url())) pictures.push(request.url());
      });
      await page.goto(`${own.baseUrl}${path}`);
      await expect.poll(() => requests.sentAt(SETTLING_CODE), { timeout: 15_000 }).toBeDefined();

      const firstPicture = pictures[0]!;
      expect(requests.sentAt(/\/uploads\//)).toBeLessThan(screenCodeReleasedAt);
      // The <img> took the preloaded file: the same address was not asked for a second time.
      const shown = await page
        .locator('main img')
        .first()
        .evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(shown).toBe(firstPicture);
      expect(pictures.filter((url) => url === firstPicture)).toHaveLength(1);
      await page.waitForTimeout(3_500);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
      await context.close();
    },
  );

  it('when an admin opens the dashboard, then its heading is drawn before the screen’s code arrives, and stays when it has', async () => {
    const { page, context } = await own.signedIn(own.users.admin, '/admin-dashboard', VIEWPORTS.phone);
    const requests = watchRequests(page);
    let screenCodeReleasedAt = Infinity;
    await page.route(/\/assets\/admin-dashboard-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      screenCodeReleasedAt = Math.min(screenCodeReleasedAt, requests.now());
      await route.continue();
    });
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: 'User List' });
    await heading.waitFor();
    const headingAt = requests.now();
    expect(headingAt).toBeLessThan(screenCodeReleasedAt);
    const before = await heading.boundingBox();

    await page.getByRole('button', { name: 'Add User' }).waitFor();
    expect(requests.now()).toBeGreaterThan(screenCodeReleasedAt);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['User List']);
    expect(await heading.boundingBox()).toEqual(before);
    await context.close();
  });

  it.each([
    ['an admin', 'admin', '/admin-orders', 'Orders', 'Search by order ID or username'],
    ['a superadmin', 'superadmin', '/superadmin-dashboard', 'User List', 'Add User'],
    ['a customer', 'customer', '/user/profile', 'Hello, {name}', 'Points history'],
    // Help's lead is in the frame already: its screen is there when nothing is loading any more.
    ['a customer', 'customer', '/help', 'Help', undefined],
  ] as const)(
    'when %s (%s) comes back to %s, then its frame and heading are drawn from the page before any script, and the screen takes their place without a shift',
    async (_who, role, path, headingWords, screenText) => {
      const user = role === 'superadmin' ? own.superadmin : own.users[role];
      const home = role === 'customer' ? '/user/shop' : `/${role}-dashboard`;
      // The profile greets the customer by the name their session keeps.
      const headingText = headingWords.replace('{name}', role === 'customer' ? own.users.customer.partyName : '');
      const { page, context } = await own.signedIn(user, home, VIEWPORTS.phone);
      const visit = await holdScripts(page);
      await page.goto(`${own.baseUrl}${path}`, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1, name: headingText });
      await heading.waitFor();
      expect(visit.released()).toBe(false);
      // A staff frame has its navigation button on a phone; a customer's, its user menu.
      const frameButton = role === 'customer' ? 'User menu' : 'Open navigation';
      await expect.poll(() => page.getByRole('button', { name: frameButton }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Loading...').isVisible()).toBe(true);
      const before = await heading.boundingBox();

      visit.release();
      if (screenText) await page.getByText(screenText, { exact: true }).first().waitFor();
      else await expect.poll(() => page.getByText('Loading...', { exact: true }).count(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([headingText]);
      expect(await heading.boundingBox()).toEqual(before);
      expect(await visit.shifts()).toBeLessThanOrEqual(0.01);
      // The frame works once the app is live: the navigation (the user menu) opens.
      await page.getByRole('button', { name: frameButton }).click();
      const opened = role === 'customer' ? page.getByRole('menuitem', { name: 'Logout' }) : page.getByRole('dialog');
      await expect.poll(() => opened.isVisible(), { timeout: 10_000 }).toBe(true);
      await context.close();
    },
  );

  it('when a customer comes back to the shop, then their frame and the first item’s card are drawn by the page before any script, and the shop takes their place with that card where it was', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const visit = await holdScripts(page);
    await page.goto(`${own.baseUrl}/user/shop`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search items' }).isVisible()).toBe(true);
    const firstCard = page.locator('main li').first();
    const picture = firstCard.locator('img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    expect(visit.released()).toBe(false);
    const name = await firstCard.locator('h2').textContent();
    expect(name).toBeTruthy();
    const drawnFrom = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    const before = await picture.boundingBox();

    visit.release();
    // The shop's own card: its buttons come with the app.
    await page.getByRole('button', { name: `Buy Now: ${name}` }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Shop']);
    expect(await page.locator('main li').first().locator('h2').textContent()).toBe(name);
    const shown = page.locator('main li').first().locator('img');
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(drawnFrom);
    expect(await shown.boundingBox()).toEqual(before);
    expect(visit.pictures.filter((url) => url === drawnFrom)).toHaveLength(1);
    expect(await visit.shifts()).toBeLessThanOrEqual(0.01);
    // The search works once the app is live.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('no item is called this');
    await page.getByText('No items match', { exact: false }).waitFor();
    await context.close();
  });

  it('when a customer comes back to a product page, then their frame, the item’s picture and name are drawn by the page before any script, and the page takes their place with the picture where it was', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const visit = await holdScripts(page);
    await page.goto(`${own.baseUrl}/product/${encodeURIComponent(own.itemIds[0]!)}`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toMatch(/\S/);
    const name = (await heading.textContent())!;
    const picture = page.getByRole('img', { name });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    expect(visit.released()).toBe(false);
    const drawnFrom = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    const before = await picture.boundingBox();

    visit.release();
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([name]);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(drawnFrom);
    expect(await picture.boundingBox()).toEqual(before);
    expect(visit.pictures.filter((url) => url === drawnFrom)).toHaveLength(1);
    expect(await visit.shifts()).toBeLessThanOrEqual(0.01);
    await context.close();
  });

  it.each([
    ['a customer on a screen without a heading', 'customer', '/thank-you', undefined],
    ['a customer reading Hindi', 'customer', '/user/shop', 'hi'],
    ['an admin reading Hindi', 'admin', '/admin-dashboard', 'hi'],
    ['an admin at an address without a screen', 'admin', '/admin-unknown', undefined],
  ] as const)('when %s opens a screen, then no frame is drawn from the page', async (_who, role, path, language) => {
    const home = role === 'admin' ? '/admin-dashboard' : '/user/shop';
    const { page, context } = await own.signedIn(own.users[role], home, VIEWPORTS.phone);
    if (language) await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    // A page of its own, with no script of the app's able to run: #root holds what the page itself left there.
    const visit = await context.newPage();
    await visit.route(/\/assets\/[\w.-]+\.js$/, (route) => route.abort());
    await visit.goto(`${own.baseUrl}${path}`);
    expect(await visit.locator('#root').innerHTML()).toBe('');
    await context.close();
  });

  it('when the customer presses the user menu before the page has settled, then its code is fetched at once and the menu opens', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    // Pictures that take 4 s keep the page from settling: the press comes first.
    await page.route('**/uploads/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    const requests = watchRequests(page);
    await page.reload();
    const button = page.getByRole('button', { name: 'User menu' });
    await button.waitFor();
    expect(requests.sentAt(USER_MENU_CODE)).toBeUndefined();
    const pressedAt = requests.now();
    await button.click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    expect(requests.sentAt(USER_MENU_CODE)).toBeGreaterThanOrEqual(pressedAt);
    await context.close();
  });
  it('when a campaign runs for a customer, then its line on the shop’s banner is drawn with the screen and nothing moves after it, on a page load and after signing in', async () => {
    const token = await apiToken(own.baseUrl, own.superadmin.username, own.superadmin.password);
    const today = kolkataDate(new Date());
    const created = await fetch(`${own.baseUrl}/api/superadmin/campaigns`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Monsoon bonus', from: today, to: today, multiplier: 2 }),
    });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    try {
      const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
      const layoutShifts = await watchLayoutShifts(page);
      await page.goto(`${own.baseUrl}/user/shop`);
      await page.getByText('Monsoon bonus: 2× points on bills', { exact: false }).waitFor();
      await page
        .locator('main li')
        .first()
        .getByRole('button', { name: /^Buy Now/ })
        .waitFor();
      // The page settles (its pictures, the settling code) before the shifts are read.
      await page.waitForLoadState('networkidle');
      expect(await layoutShifts()).toEqual([]);
      await context.close();

      // Signing in through the form: the shop is reached inside the app (router.tsx's lazy screens wait for
      // their first data too). Every shift after the press counts, even those a press excuses.
      const visit = await openPage(browser(), own.baseUrl, VIEWPORTS.phone);
      const shiftsSinceOpened = await watchLayoutShifts(visit.page, { afterInput: true });
      await visit.page.goto('/');
      await visit.page.getByLabel('Username').waitFor();
      const pressedAfter = (await shiftsSinceOpened()).length;
      await visit.page.getByLabel('Username').fill(own.users.customer.username);
      await visit.page.getByLabel(/^Password/).fill(own.users.customer.password);
      await visit.page.getByRole('button', { name: 'Login' }).click();
      await visit.page.waitForURL(/\/user\/shop$/);
      await visit.page.getByText('Monsoon bonus: 2× points on bills', { exact: false }).waitFor();
      await visit.page.waitForLoadState('networkidle');
      expect((await shiftsSinceOpened()).slice(pressedAfter)).toEqual([]);
      await visit.context.close();
    } finally {
      await fetch(`${own.baseUrl}/api/superadmin/campaigns/${_id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
    }
  });
});
