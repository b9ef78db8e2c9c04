import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../browser';
import { apiToken, seriousAccessibilityViolations, useBrowser, useOwnServer } from './helpers';

// The overview's numbers are the whole programme's, so these journeys run on a server of their own whose only
// bill is the one entered here.
const browser = useBrowser();
const own = useOwnServer('overview', browser);

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${own.baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function customerId(token: string): Promise<string> {
  const found = await api(token, 'GET', `/admin/users?q=${encodeURIComponent(own.users.customer.username)}`);
  const users = found.body as { _id: string; username: string }[];
  return users.find((user) => user.username === own.users.customer.username)!._id;
}

const thisMonth = () =>
  new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());

describe('the overview and the audit screen', () => {
  it('when a bill has been entered this month, then a superadmin reads its billing and points in the overview', async () => {
    const admin = await apiToken(own.baseUrl, own.users.admin.username, own.users.admin.password);
    // The journey customer is Silver: ₹400 a point, so ₹60,000 earns 150 points.
    const entered = await api(admin, 'POST', '/bill', {
      userId: await customerId(admin),
      billNumber: 'OVR-0001',
      billAmount: 60000,
    });
    expect(entered.status).toBe(201);

    const { context, page } = await own.signedIn(own.superadmin, '/superadmin-dashboard');
    await page.getByRole('link', { name: 'Overview' }).first().click();
    const months = page.getByRole('table', { name: 'Month by month' });
    const row = months.getByRole('row').filter({ has: page.getByRole('rowheader', { name: thisMonth() }) });

    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['₹60,000', '150.00']);
    expect(await page.getByRole('img', { name: 'Billing per month' }).locator('canvas').count()).toBeGreaterThan(0);
    // The pointer still rests on the menu entry it clicked; axe judges the screen as read, not that hover.
    await page.mouse.move(0, 0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('when a superadmin opens the folded filters on a phone and picks an action, then the change reads as a sentence with its before and after', async () => {
    const superadmin = await apiToken(own.baseUrl, own.superadmin.username, own.superadmin.password);
    const id = await customerId(superadmin);
    expect((await api(superadmin, 'POST', `/superadmin/users/${id}/block`, { blocked: true })).status).toBe(200);
    expect((await api(superadmin, 'POST', `/superadmin/users/${id}/block`, { blocked: false })).status).toBe(200);

    // On a phone: before and after stack, and nothing may need sideways scrolling of the page.
    const { context, page } = await own.signedIn(own.superadmin, '/superadmin-dashboard', VIEWPORTS.phone);
    await page.goto('/superadmin-audit');
    // A phone folds the filters behind one button (contract "Every screen on a phone").
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    // The action list is in words; the API is still asked with the action's code.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'User blocked' });
    const entry = page.getByRole('article', { name: `${own.superadmin.username} blocked ${own.users.customer.username}` });

    await expect.poll(() => entry.count()).toBe(1);
    await expect.poll(() => entry.textContent()).toMatch(/Before.*Blocked \(changed\)No.*After.*Blocked \(changed\)Yes/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
