import type { Item, Order } from '@app/common';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { apiToken, useBrowser, useOwnServer } from './helpers';

// Issue 11's journeys spend points, lower stock and cancel orders, so they run against a server and data
// folder of their own, not the shared one the other journeys read. The tests run in order: the admin works
// on the orders the customer placed in the first two.
const browser = useBrowser();
// 'Ceiling Fan 001' (500 points, 50 off: 450), 'Electric Kettle 002' (750), 'Steam Iron 003' (1,000); 5 of each.
const own = useOwnServer('redemption', browser, { catalogueItems: 3 });

const points = (value: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

async function get<T>(pathname: string, token?: string): Promise<T> {
  const response = await fetch(`${own.baseUrl}/api${pathname}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
  return (await response.json()) as T;
}

const balanceOf = async (token: string) => (await get<{ availablePoints: number }>('/user/points', token)).availablePoints;
const stockOf = async (name: string) => (await get<Item[]>('/item')).find((item) => item.name === name)?.stock;

function shopCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The thank-you page after 'Order Placed': its remaining points, then Keep Shopping back to the shop. */
async function expectThankYou(page: Page, remaining: number) {
  await expect.poll(() => page.getByText('Order Placed').isVisible()).toBe(true);
  await page.waitForURL('**/thank-you');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order!');
  await expect.poll(() => page.getByText(/Remaining points:/).textContent()).toBe(`Remaining points: ${points(remaining)}`);
  // It opens at its top, not where Place Order was on the page before.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

describe('redemption: cart, buy-now, thank-you, the staff orders screen and the refund', () => {
  let customerToken: string;
  let startingBalance: number;

  beforeAll(async () => {
    customerToken = await apiToken(own.baseUrl, own.users.customer.username, own.users.customer.password);
    startingBalance = await balanceOf(customerToken);
  });

  it('when a customer on a phone adds an item, sets 2, adds an address and places the order from the cart, then the thank-you page shows the points left', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    await shopCard(page, 'Ceiling Fan 001').getByRole('button', { name: 'Add to Cart: Ceiling Fan 001' }).click();
    await expect.poll(() => page.getByText('"Ceiling Fan 001" has been added to your cart').isVisible()).toBe(true);

    await page.goto('/user/cart');
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem', { name: 'Ceiling Fan 001' });
    await expect.poll(() => page.getByText(/^Total points:/).textContent()).toBe('Total points: 450');
    await line.getByRole('button', { name: 'Increase quantity of Ceiling Fan 001' }).click();
    await expect.poll(() => page.getByText(/^Total points:/).textContent()).toBe('Total points: 900');

    // No address yet: Place Order waits for one.
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Select delivery address' }).click();
    const picker = page.getByRole('dialog', { name: 'Delivery address' });
    await picker.getByRole('button', { name: 'Add New Address' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Address' });
    await form.getByLabel(/^Address line 1/).fill('12 Station Road');
    await form.getByLabel(/^City/).fill('Jaipur');
    await form.getByLabel(/^PIN code/).fill('302001');
    expect(await form.getByLabel('State').inputValue()).toBe('Rajasthan');
    expect(await form.getByLabel('Country').inputValue()).toBe('India');
    expect(await form.getByLabel('Default address').inputValue()).toBe('false');
    await form.getByLabel('Default address').selectOption('true');
    await screenshot(page, 'add-address-phone');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => picker.getByRole('radio', { name: /12 Station Road/ }).isChecked()).toBe(true);
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Delivery address' }).textContent()).toContain('12 Station Road');
    await screenshot(page, 'cart-phone');
    // The page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await expectThankYou(page, startingBalance - 900);
    await screenshot(page, 'thank-you-phone');
    await page.getByRole('button', { name: 'Keep Shopping' }).click();
    await page.waitForURL('**/user/shop');
    await context.close();

    // One order, whatever the double click did; the points and the stock moved once.
    const orders = await get<Order[]>('/user/orders', customerToken);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'Pending', totalValue: 900, items: [{ quantity: 2 }] });
    expect(await balanceOf(customerToken)).toBe(startingBalance - 900);
    expect(await stockOf('Ceiling Fan 001')).toBe(3);
    expect((await get<{ items: unknown[] }>('/user/cart', customerToken)).items).toHaveLength(0);
  });

  it('when a customer uses Buy Now, then the default address is chosen and the order reaches the thank-you page', async () => {
    const { page, context } = await own.signedIn(own.users.customer, '/user/shop');
    await shopCard(page, 'Electric Kettle 002').getByRole('button', { name: 'Buy Now: Electric Kettle 002' }).click();
    await page.waitForURL('**/buy-now');
    await expect.poll(() => page.getByRole('radio', { name: /12 Station Road/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText('Electric Kettle 002').first().isVisible()).toBe(true);
    await screenshot(page, 'buy-now-desktop');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectThankYou(page, startingBalance - 900 - 750);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/user/shop');
    await context.close();
    expect(await stockOf('Electric Kettle 002')).toBe(4);
  });

  it('when an admin completes one order and cancels the other, then the customer sees the sections move and the points come back', async () => {
    const orders = await get<Order[]>('/user/orders', customerToken);
    const fan = orders.find((order) => order.items[0]?.itemId.name === 'Ceiling Fan 001')!;
    const kettle = orders.find((order) => order.items[0]?.itemId.name === 'Electric Kettle 002')!;

    const admin = await own.signedIn(own.users.admin, '/admin-dashboard', VIEWPORTS.phone);
    const { page } = admin;
    await page.goto('/admin-orders');
    await page.getByLabel('Search by order ID or username').fill(own.users.customer.username);
    await expect.poll(() => page.getByRole('button', { name: 'Pending (2)' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('article', { name: fan.orderIdAlias }).textContent()).toContain('12 Station Road');
    await screenshot(page, 'admin-orders-phone');

    await page.getByRole('button', { name: `Edit Status for ${fan.orderIdAlias}` }).click();
    const fanDialog = page.getByRole('dialog', { name: `Edit Status for ${fan.orderIdAlias}` });
    expect(await fanDialog.getByLabel('Status').inputValue()).toBe('Pending');
    await fanDialog.getByLabel('Status').selectOption('Completed');
    await fanDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(`${fan.orderIdAlias} is now Completed`).isVisible()).toBe(true);

    await page.getByRole('button', { name: `Edit Status for ${kettle.orderIdAlias}` }).click();
    const kettleDialog = page.getByRole('dialog', { name: `Edit Status for ${kettle.orderIdAlias}` });
    await kettleDialog.getByLabel('Status').selectOption('Cancelled');
    await kettleDialog.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel ${kettle.orderIdAlias}?` });
    await expect.poll(() => confirm.getByText('Are you sure you want to cancel this order?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => page.getByText(`${kettle.orderIdAlias} is now Cancelled`).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Cancelled \(1\)/ }).count()).toBe(1);
    // A cancelled order is final: no Edit Status on it.
    await expect.poll(() => page.getByRole('button', { name: `Edit Status for ${kettle.orderIdAlias}` }).count()).toBe(0);
    await admin.context.close();

    const refunded = startingBalance - 900;
    expect(await balanceOf(customerToken)).toBe(refunded);
    expect(await stockOf('Electric Kettle 002')).toBe(5);

    const customer = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    await customer.page.goto('/user/profile');
    await expect.poll(() => customer.page.getByText(/^Your points:/).textContent()).toBe(`Your points: ${points(refunded)}`);
    await expect.poll(() => customer.page.getByRole('button', { name: /^Completed \(1\)/ }).count()).toBe(1);
    await expect.poll(() => customer.page.getByRole('button', { name: /^Cancelled \(1\)/ }).count()).toBe(1);
    await expect.poll(() => customer.page.getByRole('button', { name: /^Pending \(0\)/ }).count()).toBe(1);
    const history = customer.page.getByRole('table', { name: 'Points history' });
    await expect.poll(() => history.textContent()).toContain('+750.00');
    await screenshot(customer.page, 'profile-orders-phone');
    await customer.context.close();
  });
});
