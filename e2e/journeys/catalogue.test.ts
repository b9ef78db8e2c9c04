import type { Cart, Item } from '@app/common';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { apiToken, useBrowser, useOwnServer } from './helpers';

// Issue 10's journeys add items, fill a cart and store hostile HTML, so they run against a server and data
// folder of their own, not the shared one the other journeys read.
const browser = useBrowser();
// 'Ceiling Fan 001', 'Electric Kettle 002' and 'Steam Iron 003': a few hundred points each, in stock.
const own = useOwnServer('catalogue', browser, { catalogueItems: 3 });

/** A photo as staff would upload it from a phone: a JPEG, 800 × 600. */
function photo(background = '#1c7ed6'): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

type NewItem = { name: string; description: string; pointsRequired: number; discount: number; stock: number };

/** POST /api/item as staff, multipart as the Add New Item dialog sends it (set-up, not the journey). */
async function createItem(token: string, item: NewItem): Promise<Item> {
  const form = new FormData();
  for (const [field, value] of Object.entries(item)) form.append(field, String(value));
  form.append('image', new Blob([new Uint8Array(await photo('#e8590c'))], { type: 'image/jpeg' }), 'item.jpg');
  const response = await fetch(`${own.baseUrl}/api/item`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`creating ${item.name} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Item;
}

async function catalogue(): Promise<Item[]> {
  return (await (await fetch(`${own.baseUrl}/api/item`)).json()) as Item[];
}

/** The names on the shop's cards, in the order shown. */
function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Items' }).getByRole('heading', { level: 2 }).allTextContents();
}

function card(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

describe('catalogue: the admin items screen, the shop and the product page', () => {
  it('when an admin adds an item with a picture on a phone, then it is in the table and its picture is served as WebP', async () => {
    const admin = await own.signedIn(own.users.admin, '/admin-dashboard', VIEWPORTS.phone);
    const { page } = admin;
    await page.goto('/admin-items');
    await page.getByRole('button', { name: 'Add New Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Item' });
    await dialog.getByLabel(/^Name/).fill('Brass Desk Lamp');
    await dialog.getByLabel(/^Description/).fill('<p>Solid brass, warm light.</p>');
    await dialog.getByLabel(/^Points required/).fill('2500');
    await dialog.getByLabel(/^Discount/).fill('250');
    await dialog.getByLabel(/^Stock/).fill('7');
    await dialog
      .getByLabel('Image file', { exact: true })
      .setInputFiles({ name: 'desk-lamp.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect.poll(() => dialog.getByRole('img', { name: 'Preview of the chosen picture' }).isVisible()).toBe(true);
    await screenshot(page, 'add-item-phone');
    await dialog.getByRole('button', { name: 'Add item' }).click();

    await expect.poll(() => page.getByText('Item added').isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: 'Brass Desk Lamp' });
    await expect.poll(() => row.getByRole('rowheader').textContent()).toBe('Brass Desk Lamp');
    expect(await row.textContent()).toContain('Solid brass, warm light.');
    expect(await row.textContent()).toContain('2,500');
    await screenshot(page, 'admin-items-phone');
    // The table scrolls sideways inside its own box; the page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await admin.context.close();

    const saved = (await catalogue()).find((item) => item.name === 'Brass Desk Lamp');
    expect(saved).toMatchObject({
      pointsRequired: 2500,
      discount: 250,
      stock: 7,
      description: '<p>Solid brass, warm light.</p>',
    });
    expect(saved!.images[0]).toMatch(/^uploads\//);
    const picture = await fetch(`${own.baseUrl}/${saved!.images[0]}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/webp/);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('when a customer searches the shop and adds an item, then the card shows its discount and billing, and the popup goes after 2 seconds', async () => {
    const adminToken = await apiToken(own.baseUrl, own.users.admin.username, own.users.admin.password);
    // The customer is Silver (₹400 of billing a point) with 1,23,456.50 points. The lantern costs 1,50,000
    // after its 25% discount: 26,543.50 points short, ₹1,06,17,400 of billing. The torch is within reach.
    const lantern = await createItem(adminToken, {
      name: 'Solar Lantern',
      description: '<p>Charges in a day of sun.</p>',
      pointsRequired: 200000,
      discount: 50000,
      stock: 4,
    });
    await createItem(adminToken, {
      name: 'Solar Torch',
      description: '<p>Pocket sized.</p>',
      pointsRequired: 900,
      discount: 0,
      stock: 4,
    });

    const customer = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const { page } = customer;
    await expect.poll(() => cardNames(page)).toContain('Solar Lantern');
    expect(await cardNames(page)).toEqual(expect.arrayContaining(['Ceiling Fan 001', 'Brass Desk Lamp', 'Solar Torch']));

    await page.getByLabel('Search items').fill('solar');
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(['Solar Lantern', 'Solar Torch']);
    const lanternCard = card(page, 'Solar Lantern');
    await expect
      .poll(() => lanternCard.getByText('more billing required').textContent())
      .toBe('₹1,06,17,400 more billing required');
    expect(await lanternCard.getByLabel('was 2,00,000 points').textContent()).toBe('2,00,000');
    expect(await lanternCard.getByLabel('was 2,00,000 points').evaluate((element) => element.tagName)).toBe('S');
    expect(await lanternCard.getByText('(25% off)').isVisible()).toBe(true);
    expect(await lanternCard.getByText('1,50,000', { exact: true }).isVisible()).toBe(true);
    const torchCard = card(page, 'Solar Torch');
    expect(await torchCard.getByText('You can buy this item').isVisible()).toBe(true);
    expect(await torchCard.getByText(/% off/).count()).toBe(0);

    await page.getByLabel('Search items').fill('LANTERN');
    await expect.poll(() => cardNames(page)).toEqual(['Solar Lantern']);
    await screenshot(page, 'shop-search-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.getByRole('button', { name: 'Add to Cart: Solar Lantern' }).click();
    const popup = page.getByText('"Solar Lantern" has been added to your cart');
    await expect.poll(() => popup.isVisible()).toBe(true);
    const shownAt = Date.now();
    await screenshot(page, 'shop-cart-popup-phone');
    // Spec §9: the popup stays 2 seconds. A fixed wait is the point here: it must still be up 1.5 s after it showed.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_500 - (Date.now() - shownAt))));
    expect(await popup.isVisible()).toBe(true);
    await expect.poll(() => popup.isVisible(), { timeout: 4_000 }).toBe(false);
    expect(Date.now() - shownAt).toBeLessThan(3_500);
    await customer.context.close();

    const customerToken = await apiToken(own.baseUrl, own.users.customer.username, own.users.customer.password);
    const response = await fetch(`${own.baseUrl}/api/user/cart`, { headers: { Authorization: `Bearer ${customerToken}` } });
    const cart = (await response.json()) as Cart;
    expect(cart.items.map((line) => ({ item: line.itemId._id, name: line.itemId.name, quantity: line.quantity }))).toEqual([
      { item: lantern._id, name: 'Solar Lantern', quantity: 1 },
    ]);
  });

  it('when an item’s description carries scripts, handlers and javascript: links, then the product page shows it as inert text', async () => {
    const adminToken = await apiToken(own.baseUrl, own.users.admin.username, own.users.admin.password);
    const hostile = await createItem(adminToken, {
      name: 'Safety Helmet',
      description: [
        '<p>Sturdy and safe for the site.</p>',
        '<img src=x onerror="window.__pwned=1">',
        '<script>window.__pwned=2</script>',
        '<p><a href="javascript:window.__pwned=3">click me</a></p>',
        '<svg onload="window.__pwned=4"><circle r="5"/></svg>',
        '<iframe src="javascript:window.__pwned=5"></iframe>',
        '<p onclick="window.__pwned=6" style="background:url(javascript:window.__pwned=7)">Press here</p>',
      ].join(''),
      pointsRequired: 1200,
      discount: 0,
      stock: 3,
    });
    // Stored sanitised (contract "Items"): nothing executable reaches the database.
    expect(hostile.description).toContain('Sturdy and safe');
    expect(hostile.description).not.toMatch(/<script|<iframe|<svg|onerror|onload|onclick|javascript:/i);

    const customer = await own.signedIn(own.users.customer, '/user/shop', VIEWPORTS.phone);
    const { page } = customer;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.sample}`),
      );
    });
    await page.goto(`/product/${hostile._id}`);
    const description = page.getByRole('region', { name: 'Description' });
    await expect.poll(() => description.getByText('Sturdy and safe').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Safety Helmet');
    const link = description.getByText('click me');
    if ((await link.count()) > 0) await link.click();
    await description.getByText('Press here').click();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'product-hostile-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    expect(new URL(page.url()).pathname).toBe(`/product/${hostile._id}`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const found = await description.evaluate((element) => ({
      executable: Array.from(element.querySelectorAll('script, iframe, svg, object, embed, style')).map((node) => node.tagName),
      handlers: Array.from(element.querySelectorAll('*')).flatMap((node) =>
        Array.from(node.attributes)
          .filter((attribute) => attribute.name.toLowerCase().startsWith('on'))
          .map((attribute) => `${node.tagName}[${attribute.name}]`),
      ),
      scriptUrls: Array.from(element.querySelectorAll('[href], [src], [style]'))
        .map((node) => `${node.getAttribute('href') ?? ''} ${node.getAttribute('src') ?? ''} ${node.getAttribute('style') ?? ''}`)
        .filter((value) => /javascript:/i.test(value)),
    }));
    expect(found).toEqual({ executable: [], handlers: [], scriptUrls: [] });
    expect(await description.textContent()).not.toContain('__pwned');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await customer.context.close();
  });
});
