// @vitest-environment jsdom
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyRequestsScript, FIRST_ITEM_SCRIPT, FRAMES_TEMPLATE_ID, keepScreenScript } from './prerender-screens';
import { buildClientForTest } from './production-build';

let outDir = '';
let manifest: Manifest;
// The inline scripts as the screens' loaders make them today (app/first-screen-plan.ts): the built page must carry these.
let earlyRequests = '';
let keeper = '';
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

beforeAll(async () => {
  outDir = await buildClientForTest('login-page');
  manifest = JSON.parse(read('.vite/manifest.json')) as Manifest;
  // Imported after the build: loaded before it, React's development build (this test's NODE_ENV) would be the one
  // the prerender's production server renderer finds in Node's module cache.
  const { firstScreenPlan } = await import('../src/app/first-screen-plan');
  const plan = await firstScreenPlan();
  earlyRequests = earlyRequestsScript(plan);
  keeper = keepScreenScript(plan);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the built page (issue 19, decision 023)', () => {
  it('when the login page is built, then #root already holds the login screen, styled for the light scheme', () => {
    const html = read('index.html');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Login To Earn Rewards!');
    expect(root).toMatch(/<label[^>]*>Username/);
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Login/);
    expect(html).toContain('data-mantine-color-scheme="light"');
  });

  it('when the page is built, then nothing is painted before the prerendered screen and its keeper are parsed whole', () => {
    const html = read('index.html');
    const expectLink = /<link rel="expect" href="#([\w-]+)" blocking="render"[^>]*>/.exec(html);
    expect(expectLink?.index).toBeLessThan(html.indexOf('<body'));
    const marker = html.indexOf(`id="${expectLink![1]}"`);
    // After the login's submit button and the keeper's script: a paint cannot show half a form.
    expect(marker).toBeGreaterThan(html.lastIndexOf('type="submit"'));
    expect(marker).toBeGreaterThan(html.indexOf(keeper));
  });

  it('when the page is built, then its stylesheet is inside it: nothing stands between the page and its first paint', () => {
    const html = read('index.html');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const stylesheet = manifest['index.html']!.css![0]!;
    expect(html).toContain(`<style data-inline-of="/${stylesheet}">${read(stylesheet)}</style>`);
  });

  it('when the page is built, then it preloads none of the entry’s imports (the login paints without them)', () => {
    expect(read('index.html')).not.toMatch(/<link rel="modulepreload"/);
  });

  it('when the page is built, then its inline scripts are the early requests and the keeper following the screens’ loaders as they are, and the first item’s', () => {
    const inline = [...read('index.html').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
    expect(inline).toEqual([earlyRequests, keeper, FIRST_ITEM_SCRIPT]);
  });

  it('when the page is built, then it carries each staff type’s frame around its home heading, and every headed screen’s heading', () => {
    const page = new DOMParser().parseFromString(read('index.html'), 'text/html');
    const template = page.getElementById(FRAMES_TEMPLATE_ID) as HTMLTemplateElement;
    const frameOf = (userType: string) => template.content.querySelector(`[data-frame-of="${userType}"]`)!;
    for (const [userType, navigation] of [
      ['admin', ['Users', 'Orders', 'Items', 'Bills', 'Overview']],
      ['superadmin', ['Users', 'Orders', 'Items', 'Bills', 'System', 'Campaigns', 'Overview', 'Audit']],
    ] as const) {
      const frame = frameOf(userType);
      expect([...frame.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual(['User List']);
      expect([...frame.querySelectorAll('nav[aria-label="Main"] a')].map((link) => link.textContent)).toEqual(navigation);
      for (const name of ['Open navigation', 'Notifications', 'User menu'])
        expect(frame.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
      expect(frame.textContent).toContain('Loading...');
    }
    expect(JSON.parse(template.dataset.headings!)).toEqual({
      admin: {
        '/admin-dashboard': 'User List',
        '/admin-items': 'Items',
        '/admin-orders': 'Orders',
        '/admin-bills': 'Bills',
        '/admin-overview': 'Overview',
        '/help': 'Help',
      },
      superadmin: {
        '/superadmin-dashboard': 'User List',
        '/superadmin-items': 'Items',
        '/superadmin-orders': 'Orders',
        '/superadmin-bills': 'Bills',
        '/superadmin-system': 'System Settings',
        '/superadmin-campaigns': 'Campaigns',
        '/superadmin-overview': 'Overview',
        '/superadmin-audit': 'Audit',
        '/help': 'Help',
      },
      customer: {
        '/user/profile': 'Hello, {name}',
        '/user/cart': 'Cart',
        '/tier-page': 'Tier',
        '/help': 'Help',
      },
    });
    expect(JSON.parse(template.dataset.leads!)).toEqual({ '/help': 'For questions, or to cancel an order, please contact:' });
  });

  it('when the page is built, then it carries the customer’s frame for their headed screens: their navigation, a heading, a lead’s place and no name', () => {
    const page = new DOMParser().parseFromString(read('index.html'), 'text/html');
    const template = page.getElementById(FRAMES_TEMPLATE_ID) as HTMLTemplateElement;
    const frame = template.content.querySelector('[data-frame-of="customer"]')!;
    expect(frame.querySelectorAll('h1')).toHaveLength(1);
    expect(frame.querySelectorAll('[data-lead]')).toHaveLength(1);
    expect(frame.textContent).toContain('Loading...');
    expect(frame.textContent).not.toContain('Sharma');
    expect(frame.querySelector('[aria-label="User menu"]')).not.toBeNull();
  });

  it('when the page is built, then it carries the customer’s frame around the shop’s heading, banner, search and one blank card', () => {
    const page = new DOMParser().parseFromString(read('index.html'), 'text/html');
    const template = page.getElementById(FRAMES_TEMPLATE_ID) as HTMLTemplateElement;
    const frame = template.content.querySelector('[data-frame-of="customer-shop"]')!;
    expect([...frame.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual(['Shop']);
    expect(frame.textContent).toContain('Earn with every purchase');
    expect(frame.querySelector('input[type="search"]')).not.toBeNull();
    for (const name of ['Notifications', 'User menu']) expect(frame.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    const slot = frame.querySelector<HTMLElement>('ul[data-first-item]')!;
    const card = slot.querySelector('li')!;
    expect(card.getAttribute('aria-hidden')).toBe('true');
    expect(card.querySelector('img')).toBeNull();
    // The slot's classes are the shop's own, and their rules come with the frame (the shop's stylesheet is not in the page).
    const style = [...frame.querySelectorAll('style')].map((sheet) => sheet.textContent).join('\n');
    for (const className of [slot.className, card.className, card.querySelector('div')!.className])
      expect(style).toContain(`.${className}{`);
    const recipe = JSON.parse(slot.dataset.firstItem!) as { look: { className: string } };
    expect(style).toContain(`.${recipe.look.className}{`);
  });
});
