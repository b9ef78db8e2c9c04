import { describe, expect, inject, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { openPage, seriousAccessibilityViolations, useBrowser } from './helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

// Decision 016: the API reference page renders /api/openapi.json with the server's own script and style,
// under the same Content Security Policy as the product, usable by keyboard and screen reader on a phone.
describe('the API reference page (/api/docs)', () => {
  it('when it is opened on a phone, then every route shows within the CSP, without sideways scrolling, and axe finds nothing serious', async () => {
    const { context, page } = await openPage(browser(), baseUrl, VIEWPORTS.phone);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto('/api/docs');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^\d+ routes$/);
    const total = Number((await page.getByRole('status').textContent())!.split(' ')[0]);
    expect(await page.getByRole('article').count()).toBe(total);
    await page.getByRole('heading', { level: 3, name: 'POST /api/user/cart/checkout' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'orders' }).waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await screenshot(page, 'api-docs-phone');
    await context.close();
  });

  it('when a keyboard user skips to the routes and filters them, then only the matching routes stay and the count is announced', async () => {
    const { context, page } = await openPage(browser(), baseUrl, VIEWPORTS.desktop);
    await page.goto('/api/docs');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^\d+ routes$/);

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the routes');

    await page.getByLabel(/^Filter routes/).focus();
    await page.keyboard.type('cart checkout');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^1 of \d+ routes match$/);
    const visible = page.locator('article:not([hidden])');
    expect(await visible.count()).toBe(1);
    await expect.poll(() => visible.getByRole('heading', { level: 3 }).textContent()).toBe('POST /api/user/cart/checkout');
    // The route's body fields and roles are on the page, not only in the JSON.
    await expect.poll(() => visible.textContent()).toMatch(/addressId.*items/s);
    await expect.poll(() => visible.textContent()).toContain('Idempotency-Key');
    await expect.poll(() => visible.textContent()).toContain('Signed in as customer');
    await context.close();
  });
});
