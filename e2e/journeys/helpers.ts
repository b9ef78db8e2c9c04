import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS } from '../browser';

export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  // Mantine appends an aria-hidden ' *' to required labels; the anchor keeps 'Toggle password visibility' out.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API (for set-up steps that are not what the journey is about). */
export async function apiToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return ((await response.json()) as { refreshToken: string }).refreshToken;
}

export async function customerUsernames(baseUrl: string, token: string, q: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/admin/users?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { username: string }[]).map((user) => user.username).sort();
}
