import { read, utils } from '@e965/xlsx';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiToken, openPage, signIn, useBrowser } from './helpers';

const baseUrl = inject('baseUrl');
const users = inject('users');
const browser = useBrowser();
const suffix = Date.now().toString(36);
const customer = `export-${suffix}`;

beforeAll(async () => {
  const token = await apiToken(baseUrl, users.admin.username, users.admin.password);
  const response = await fetch(`${baseUrl}/api/admin/add-customer`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: customer, partyName: '=राम ट्रेडर्स ₹', phoneNumber: '9829011111', password: 'first-pass-1' }),
  });
  expect(response.status).toBe(201);
});

/** Chooses a format in the users list's Export menu and answers the file the browser saved. */
async function exportUsers(page: Page, format: 'CSV' | 'Excel (.xlsx)') {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export customers' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const download = await downloading;
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

describe('an admin exports the customers they searched for', () => {
  it('when the admin searches and exports as CSV and as Excel, then both files hold that customer, dated, formulas neutralised', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    await signIn(page, users.admin.username, users.admin.password);
    await page.waitForURL('**/admin-dashboard');
    await page.getByLabel(/^Search by username or party name/).fill(customer);
    // The list answers the search once typing pauses; the export takes the same search, so wait for the list to
    // show only that customer (the unsearched list shows them too).
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(2);
    await expect.poll(() => page.getByRole('table').getByText(customer, { exact: true }).isVisible()).toBe(true);

    const csv = await exportUsers(page, 'CSV');
    const xlsx = await exportUsers(page, 'Excel (.xlsx)');

    expect(csv.name).toMatch(/^customers-\d{4}-\d\d-\d\d\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFUsername,Party name,')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${customer},'=राम ट्रेडर्स ₹,9829011111,customer,NoTier,0.00,0.00,,,No,`);
    expect(xlsx.name).toMatch(/^customers-\d{4}-\d\d-\d\d\.xlsx$/);
    const workbook = read(xlsx.bytes, { type: 'buffer' });
    const rows = utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1 });
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([[customer, "'=राम ट्रेडर्स ₹"]]);
    await context.close();
  });
});
