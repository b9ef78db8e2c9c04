import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { apiToken, useBrowser, useOwnServer } from './helpers';

// Issue 9's journeys change balances, rates and every customer's tier (the quarterly review), so they run
// against a server and data folder of their own, not the shared one the other journeys read.
const browser = useBrowser();
const own = useOwnServer('points', browser);

async function pointsOf(token: string): Promise<number> {
  const response = await fetch(`${own.baseUrl}/api/user/points`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { availablePoints: number }).availablePoints;
}

const indian = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

async function bodyText(page: Page) {
  return (await page.locator('body').textContent()) ?? '';
}

describe('points: bills, balances, rates and the tier review', () => {
  it('when an admin adds a bill from the user list, then the customer sees the new balance, the ledger entry and the tier page move', async () => {
    const customerToken = await apiToken(own.baseUrl, own.users.customer.username, own.users.customer.password);
    const before = await pointsOf(customerToken);
    const admin = await own.signedIn(own.users.admin, '/admin-dashboard', VIEWPORTS.phone);

    await admin.page.getByRole('button', { name: `Add Bill for ${own.users.customer.username}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add Bill' });
    await dialog.getByLabel(/^Bill number/).fill('JRN-0001');
    await dialog.getByLabel(/^Bill amount/).fill('60000');
    // Silver: ₹400 a point.
    await expect.poll(() => dialog.getByLabel(/^Points/).inputValue()).toBe('150');
    await screenshot(admin.page, 'add-bill-phone');
    await dialog.getByRole('button', { name: 'Save bill' }).click();
    await expect.poll(() => admin.page.getByText('Bill JRN-0001 added').isVisible()).toBe(true);
    await admin.context.close();

    const customer = await own.signedIn(own.users.customer, '/user/shop');
    await expect.poll(() => bodyText(customer.page)).toContain(indian(before + 150));
    await customer.page.goto('/user/profile');
    const history = customer.page.getByRole('table', { name: 'Points history' });
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('Bill entered');
    await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain('+150.00');
    await expect.poll(() => customer.page.getByRole('table', { name: 'Billing history' }).textContent()).toContain('JRN-0001');
    await customer.page.goto('/tier-page');
    await expect.poll(() => customer.page.getByText(/Billing this quarter/).textContent()).toContain('₹60,000');
    await screenshot(customer.page, 'tier-page-desktop');
    await customer.context.close();
  });

  it("when a superadmin changes the customer's tier rate, then the shop banner follows", async () => {
    const owner = await own.signedIn(own.superadmin, '/superadmin-dashboard');
    await owner.page.goto('/superadmin-system');
    await owner.page.getByRole('button', { name: 'Edit' }).click();
    const silverRate = owner.page.getByLabel('Points conversion for Silver');
    await silverRate.fill('250');
    await owner.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => owner.page.getByText('System settings saved').isVisible()).toBe(true);
    await owner.context.close();

    const customer = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    await expect
      .poll(() => customer.page.getByRole('status').filter({ hasText: 'Earn 1 point' }).textContent())
      .toBe('Earn 1 point for billing of every Rs. 250');
    await customer.context.close();
  });

  it('when the superadmin applies the tier review from the screen, then it asks first, applies once, and says so', async () => {
    const owner = await own.signedIn(own.superadmin, '/superadmin-dashboard');
    await owner.page.goto('/superadmin-system');
    await owner.page.getByRole('button', { name: 'Apply tier review' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Apply tier review' });
    await expect.poll(() => dialog.getByText(/It can be applied only once/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => owner.page.getByText(/Tier review of \d{4}-Q[1-4] applied/).isVisible()).toBe(true);
    await expect.poll(() => owner.page.getByText('Applied', { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => owner.page.getByRole('button', { name: 'Apply tier review' }).count()).toBe(0);
    await owner.context.close();
  });
});
