import { utils, write } from '@e965/xlsx';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { apiToken, customerUsernames, openPage, seriousAccessibilityViolations, signIn, useBrowser } from './helpers';

const baseUrl = inject('baseUrl');
const users = inject('users');
const browser = useBrowser();
let superToken: string;
const suffix = Date.now().toString(36);

beforeAll(async () => {
  superToken = await apiToken(baseUrl, users.superadmin.username, users.superadmin.password);
});

/** The spreadsheet an admin would export: a header row, then username, party name, phone, password. */
function spreadsheet(name: string, rows: (string | number)[][]): string {
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, utils.aoa_to_sheet([['Username', 'Party Name', 'Phone', 'Password'], ...rows]), 'Customers');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewards-sheet-')), name);
  writeFileSync(file, write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

async function openAdminDashboard(page: Page) {
  await signIn(page, users.admin.username, users.admin.password);
  await page.waitForURL('**/admin-dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'User List', level: 1 }).isVisible()).toBe(true);
}

describe('an admin manages customers', () => {
  const added = `ajmer-${suffix}`;

  it('when an admin adds a customer in the form, then the customer is in the list', async () => {
    const { context, page } = await openPage(browser(), baseUrl);
    await openAdminDashboard(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('form', { name: 'Add user' });
    await form.getByLabel(/^Username/).fill(added);
    await form.getByLabel(/^Party name/).fill('Ajmer Cables');
    await form.getByLabel(/^Phone number/).fill('9829011111');
    await form.getByLabel(/^Password/).fill('first-pass-1');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);

    await page.getByLabel(/^Search by username or party name/).fill(added);
    await expect.poll(() => page.getByRole('table').getByText(added, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('table').getByText('Ajmer Cables').isVisible()).toBe(true);
    await screenshot(page, 'admin-users-1280');
    await context.close();
  });

  it('when the file has a bad row, then its problem is shown and nobody is added; the clean file adds everyone', async () => {
    const { context, page } = await openPage(browser(), baseUrl, VIEWPORTS.phone);
    await openAdminDashboard(page);
    const batch = `udaipur-${suffix}`;

    // First the row the browser can judge itself: a short password keeps Import disabled.
    await page.getByLabel('Upload customers').setInputFiles(
      spreadsheet('short-password.xlsx', [
        [`${batch}-1`, 'Udaipur Lights', 9829022221, 'short'],
        [`${batch}-2`, 'Udaipur Fans', 9829022222, 'second-pass-2'],
      ]),
    );
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await expect.poll(() => dialog.getByText('2 rows, 1 with problems').isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Import/ }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-import-preview-360');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Then the row only the server can judge: a username that already exists. Nothing is added.
    await page.getByLabel('Upload customers').setInputFiles(
      spreadsheet('taken-username.xlsx', [
        [added, 'Someone Else', 9829022220, 'taken-pass-0'],
        [`${batch}-1`, 'Udaipur Lights', 9829022221, 'first-pass-1'],
        [`${batch}-2`, 'Udaipur Fans', 9829022222, 'second-pass-2'],
      ]),
    );
    await expect.poll(() => dialog.getByText('3 rows, 0 with problems').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Import 3 customers' }).click();
    await expect.poll(() => dialog.getByText('Nothing was added').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Username already exists').isVisible()).toBe(true);
    expect(await customerUsernames(baseUrl, superToken, batch)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByLabel('Upload customers').setInputFiles(
      spreadsheet('clean.xlsx', [
        [`${batch}-1`, 'Udaipur Lights', 9829022221, 'first-pass-1'],
        [`${batch}-2`, 'Udaipur Fans', 9829022222, 'second-pass-2'],
        [`${batch}-3`, 'Udaipur Switches', '98290 22223', 'third-pass-3'],
      ]),
    );
    await dialog.getByRole('button', { name: 'Import 3 customers' }).click();
    await expect.poll(() => dialog.getByText('Added 3 customers').isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'admin-import-done-360');
    expect(await customerUsernames(baseUrl, superToken, batch)).toEqual([`${batch}-1`, `${batch}-2`, `${batch}-3`]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await context.close();
  });
});

describe('a superadmin blocks a customer', () => {
  it('when the superadmin confirms the block, then the customer’s next request signs them out', async () => {
    const username = `bhilwara-${suffix}`;
    const created = await fetch(`${baseUrl}/api/superadmin/sausers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${superToken}` },
      body: JSON.stringify({ username, partyName: 'Bhilwara Textiles', phoneNumber: '9829033333', password: 'given-pass-1' }),
    });
    expect(created.status).toBe(201);

    // The customer signs in, chooses their own password and shops.
    const customer = await openPage(browser(), baseUrl, VIEWPORTS.phone);
    await signIn(customer.page, username, 'given-pass-1');
    await customer.page.waitForURL('**/reset-password');
    await customer.page.getByLabel(/^New password/).fill('own-pass-12');
    await customer.page.getByLabel(/^Confirm password/).fill('own-pass-12');
    await customer.page.getByRole('button', { name: /reset|save|set/i }).click();
    await customer.page.waitForURL('**/user/shop');

    const superadmin = await openPage(browser(), baseUrl);
    await signIn(superadmin.page, users.superadmin.username, users.superadmin.password);
    await superadmin.page.waitForURL('**/superadmin-dashboard');
    await superadmin.page
      .getByLabel(/^Search by username or party name/)
      .first()
      .fill(username);
    const blockedBox = superadmin.page.getByRole('checkbox', { name: `Blocked: ${username}` });
    await blockedBox.click();
    const dialog = superadmin.page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Are you sure you want to block this user?').isVisible()).toBe(true);
    await screenshot(superadmin.page, 'superadmin-block-confirm-1280');
    expect(await seriousAccessibilityViolations(superadmin.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => blockedBox.isChecked()).toBe(true);
    await screenshot(superadmin.page, 'superadmin-users-1280');

    // The customer's next request is refused: the session is cleared and they are back at sign-in.
    await customer.page.reload();
    await customer.page.waitForURL((url) => url.pathname === '/');
    await signIn(customer.page, username, 'own-pass-12');
    await expect.poll(() => customer.page.getByRole('alert').textContent()).toMatch(/blocked/i);

    await customer.context.close();
    await superadmin.context.close();
  });
});
