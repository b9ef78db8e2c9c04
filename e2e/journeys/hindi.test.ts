import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../browser';
import { apiToken, openPage, seriousAccessibilityViolations, useBrowser, useOwnServer } from './helpers';

// Issue 18: a dealer uses every screen in Hindi. Each role signs in with Hindi as their language and walks their
// screens on a phone; on each one, no text a person can see or hear may still be English (a text of the English
// catalogues, or two English words in a row that are not data such as names), and axe finds nothing serious.
const browser = useBrowser();
const own = useOwnServer('hindi', browser, { catalogueItems: 4 });

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../common/src/i18n/locales');
const readArea = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Record<string, string>;

/** Every English catalogue text that Hindi writes differently, without its {placeholders}' parts. */
function englishTexts(): string[] {
  const texts = new Set<string>();
  for (const file of readdirSync(path.join(localesDir, 'en'))) {
    if (file === 'notifications.json') continue;
    const english = readArea('en', file);
    const hindi = readArea('hi', file);
    for (const [key, text] of Object.entries(english)) {
      if (hindi[key] === text) continue;
      for (const piece of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
        const trimmed = piece.trim().replace(/[.:!?,]+$/, '');
        if (/[a-z]{3}/.test(trimmed)) texts.add(trimmed);
      }
    }
  }
  return [...texts];
}

async function api(token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${own.baseUrl}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Texts that are data, not the portal's words: people's and items' names, the product's name. */
async function dataTexts(adminToken: string): Promise<string[]> {
  const users = (await api(adminToken, 'GET', '/superadmin/allusers')).body as { username: string; partyName: string }[];
  const items = (await api(adminToken, 'GET', '/item')).body as { name: string; description: string }[];
  // A description is the admin's HTML; each piece of its text is data.
  const descriptions = items.flatMap((item) => item.description.split(/<[^>]*>/).map((text) => text.trim()));
  return [
    ...users.flatMap((user) => [user.username, user.partyName]),
    ...items.map((item) => item.name),
    ...descriptions.filter((text) => text.length > 0),
    'Rewards',
  ];
}

/**
 * What a person sees or hears on the page that is still English: visible text nodes and the names given to
 * assistive technology (aria-label, placeholder, title, alt). Text marked lang="en" (the language switch's
 * "English") is English on purpose.
 */
async function untranslated(page: Page, english: string[], data: string[]): Promise<string[]> {
  return page.evaluate(
    ({ english, data }) => {
      const found = new Set<string>();
      const exact = new Set(english);
      const judge = (raw: string) => {
        let text = raw.replace(/\s+/g, ' ').trim();
        if (!text) return;
        for (const value of data) text = text.split(value).join(' ');
        // Record ids are data too (the audit screen shows them): a random id such as …-82da-cb06… reads as two words.
        text = text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ').trim();
        if (exact.has(text) || /[A-Za-z]{2,}[ ,:'’-]+[A-Za-z]{2,}/.test(text.replace(/\b(?:ORD|CSV|PDF)-?\w*/g, ''))) {
          found.add(raw.trim());
        }
      };
      const visible = (element: Element) => {
        if (element.closest('[lang="en"], [aria-hidden="true"], script, style, noscript')) return false;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement && visible(node.parentElement)) judge(node.textContent ?? '');
      }
      for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
        if (element.closest('[lang="en"]')) continue;
        for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(attribute);
          if (value) judge(value);
        }
      }
      judge(document.title);
      return [...found];
    },
    { english, data },
  );
}

async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // The answers have arrived; let the texts they bring replace the loaders.
  await page.waitForTimeout(300);
}

async function signInHindi(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

describe('the portal in Hindi', () => {
  const screensOf = {
    customer: ['/user/shop', '/user/cart', '/tier-page', '/user/profile', '/help'],
    admin: ['/admin-dashboard', '/admin-orders', '/admin-items', '/admin-bills', '/admin-overview'],
    superadmin: ['/superadmin-dashboard', '/superadmin-system', '/superadmin-audit', '/superadmin-bills'],
  } as const;

  it('when the login screen opens on a device set to Hindi, then it is all Hindi and axe finds nothing serious', async () => {
    const { context, page } = await openPage(browser(), own.baseUrl, VIEWPORTS.phone);
    await context.addInitScript(() => window.localStorage.setItem('language', 'hi'));
    await page.goto('/');
    await page.locator('form button[type="submit"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await untranslated(page, englishTexts(), [])).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  for (const role of ['customer', 'admin', 'superadmin'] as const) {
    it(`when a ${role} whose language is Hindi signs in on a phone, then every screen of theirs is Hindi and axe finds nothing serious`, async () => {
      const account = role === 'superadmin' ? own.superadmin : own.users[role];
      const token = await apiToken(own.baseUrl, account.username, account.password);
      expect((await api(token, 'PUT', '/user/preferences', { language: 'hi' })).status).toBe(200);
      const superadminToken = await apiToken(own.baseUrl, own.superadmin.username, own.superadmin.password);
      if (role === 'customer') {
        // Something in each list: a bill (and so a notification) for the customer.
        const users = (await api(superadminToken, 'GET', '/superadmin/allusers')).body as { _id: string; username: string }[];
        const customer = users.find((user) => user.username === own.users.customer.username)!;
        await api(superadminToken, 'POST', '/bill', { userId: customer._id, billNumber: 'HIN-0001', billAmount: 45000 });
      }
      const data = await dataTexts(superadminToken);
      const english = englishTexts();

      // A device that has never seen this user: the language comes from the server with the login.
      const { context, page } = await openPage(browser(), own.baseUrl, VIEWPORTS.phone);
      await signInHindi(page, account.username, account.password);
      await page.waitForURL(`**${screensOf[role][0]}`);
      const problems: Record<string, unknown> = {};
      for (const screen of screensOf[role]) {
        await page.goto(screen);
        await settled(page);
        const left = await untranslated(page, english, data);
        const violations = await seriousAccessibilityViolations(page);
        if (left.length > 0 || violations.length > 0) problems[screen] = { english: left, axe: violations };
      }
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
      expect(problems).toEqual({});
      if (role === 'customer') {
        // The bill entered above reached the inbox, in Hindi: the bell counts it and the panel reads it.
        await page.getByRole('button', { name: /^सूचनाएँ, \d+ बिना पढ़ी$/ }).click();
        await expect.poll(() => page.getByText('बिल HIN-0001 दर्ज हुआ').count()).toBeGreaterThan(0);
        expect(await untranslated(page, english, data)).toEqual([]);
      }
      await context.close();
    });
  }
});
