import { describe, expect, inject, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { deviceTokenKey } from '../../client/src/features/auth/device-tokens';
import { openPage, signIn, useBrowser, watchLayoutShifts } from './helpers';

const baseUrl = inject('baseUrl');
const users = inject('users');
const browser = useBrowser();

const newPage = (viewport?: { width: number; height: number }) => openPage(browser(), baseUrl, viewport);

describe('the login screen', () => {
  it.each(Object.entries(VIEWPORTS))(
    'when opened on a %s, then it shows the title, the form and the support footer',
    async (_viewportName, viewport) => {
      const { context, page } = await newPage(viewport);
      await page.goto('/');
      await expect.poll(() => page.getByText('Login To Earn Rewards!').isVisible()).toBe(true);
      expect(await page.getByLabel('Username').isVisible()).toBe(true);
      expect(await page.getByLabel(/^Password/).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
      // Spec §1: the footer for non-customers shows the product name and a support line with the three
      // numbers, as global-setup.ts configures them (PRODUCT_NAME, SUPPORT_CONTACTS).
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.getByText('Shree Rewards', { exact: true }).isVisible()).toBe(true);
      const phones = footer.getByRole('link');
      expect(await phones.allTextContents()).toEqual(['+91 98290 00001', '+91 98290 00002', '+91 98290 00003']);
      expect(await phones.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        'tel:+919829000001',
        'tel:+919829000002',
        'tel:+919829000003',
      ]);
      await screenshot(page, `login-${viewport.width}`);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    },
  );

  it.each([
    ['a small phone', { width: 320, height: 640 }],
    ['a phone', VIEWPORTS.phone],
    ['a tablet', { width: 768, height: 1024 }],
    ['a desktop', VIEWPORTS.desktop],
  ])('when the support contacts arrive after the screen is drawn on %s, then nothing on it moves', async (_name, viewport) => {
    const { context, page } = await newPage(viewport);
    const layoutShifts = await watchLayoutShifts(page, { afterInput: true });
    // A slow answer, so the screen is drawn with the footer still loading (locally it could come before the paint).
    await page.route('**/api/settings/public', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: '+91 98290 00003' }).waitFor();
    expect(await layoutShifts()).toEqual([]);
    await context.close();
  });

  it('when someone types before the app has started, then the app takes over the same form with what they typed and signs them in', async () => {
    const { context, page } = await newPage();
    // The entry script is held back until the visitor has typed into the form the page carries (decision 023).
    let releaseEntry!: () => void;
    const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const username = page.locator('input[name="username"]');
    await username.waitFor();
    await username.fill(users.customer.username);
    await page.evaluate(() => document.querySelector('form')?.setAttribute('data-before-start', 'yes'));
    releaseEntry();
    // React hydrates the page's form (decision 026): the same element, the typed name kept, the focus where it was.
    const hydrated = () =>
      page.evaluate(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactFiber')));
    await expect.poll(hydrated).toBe(true);
    expect(await page.locator('form[data-before-start="yes"]').count()).toBe(1);
    expect(await username.inputValue()).toBe(users.customer.username);
    await page.getByLabel(/^Password/).fill(users.customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/user/shop');
    await context.close();
  });

  it('when the password is wrong, then the server’s message is shown and the user stays on /', async () => {
    const { context, page } = await newPage();
    await signIn(page, users.customer.username, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('when the login form is used, then the browser reports no Content Security Policy violation', async () => {
    const { context, page } = await newPage();
    // Zod's first parse probes `new Function('')`, which our CSP forbids (issue 8): the browser reports it.
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.sample}`),
      );
    });
    await signIn(page, users.customer.username, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid username or password');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await context.close();
  });
});

describe('each user type signs in and lands on its home', () => {
  const cases = [
    { type: 'customer', user: () => users.customer, home: '/user/shop', heading: 'Shop' },
    { type: 'admin', user: () => users.admin, home: '/admin-dashboard', heading: 'User List' },
    { type: 'superadmin', user: () => users.superadmin, home: '/superadmin-dashboard', heading: 'User List' },
  ] as const;

  for (const { type, user, home, heading } of cases) {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      it(`when a ${type} signs in on a ${viewportName}, then ${home} opens with their header`, async () => {
        const { context, page } = await newPage(viewport);
        await signIn(page, user().username, user().password);
        await page.waitForURL(`**${home}`);
        await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);

        if (type === 'customer') {
          // Seeded balance 1,23,456.50 points at Silver: Indian grouping and the tier badge.
          await expect.poll(() => page.getByText('Your Points').isVisible()).toBe(true);
          await expect.poll(() => page.locator('body').textContent()).toContain('1,23,456.50');
          await expect.poll(() => page.getByText('Silver').first().isVisible()).toBe(true);
        }
        await page.getByRole('button', { name: 'User menu' }).click();
        await expect.poll(() => page.getByRole('menu').getByText(user().partyName).isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await screenshot(page, `home-${type}-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await context.close();
      });
    }
  }
});

describe('a user created by someone else', () => {
  it('when they sign in, then /reset-password asks for their own password, checks it matches, and sends them home', async () => {
    const { context, page } = await newPage(VIEWPORTS.phone);
    await signIn(page, users.newcomer.username, users.newcomer.password);
    await page.waitForURL('**/reset-password');

    await page.getByLabel(/^New password/).fill('my-own-secret-1');
    await page.getByLabel(/^Confirm password/).fill('my-own-secret-2');
    await page.getByRole('button', { name: /reset|save|set/i }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await screenshot(page, 'reset-password-360');

    await page.getByLabel(/^Confirm password/).fill('my-own-secret-1');
    await page.getByRole('button', { name: /reset|save|set/i }).click();
    await page.waitForURL('**/user/shop');
    await expect.poll(() => page.getByRole('heading', { name: 'Shop', level: 1 }).isVisible()).toBe(true);
    await context.close();

    // The old password no longer works; the new one does.
    const oldLogin = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: users.newcomer.username, password: users.newcomer.password }),
    });
    expect(oldLogin.status).toBe(401);
  });
});

describe('logout', () => {
  it('when a user logs out, then they are back on / and the old token is refused', async () => {
    const { context, page } = await newPage();
    await signIn(page, users.admin.username, users.admin.password);
    await page.waitForURL('**/admin-dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Login To Earn Rewards!').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Contract "Known devices": the device keeps this username's device token after signing out, filed under a
    // hash of the name: nothing the browser keeps names the user (issue 30).
    const deviceTokens = await page.evaluate(() => JSON.parse(localStorage.getItem('deviceTokens') ?? 'null') as unknown);
    expect(deviceTokens).toEqual({ [deviceTokenKey(users.admin.username)]: expect.any(String) });
    const everythingKept = await page.evaluate(() =>
      [localStorage, sessionStorage]
        .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`))
        .join('\n'),
    );
    expect(everythingKept.toLowerCase()).not.toContain(users.admin.username.toLowerCase());

    // Signed-in pages now send the visitor back to the login screen.
    await page.goto('/admin-orders');
    await page.waitForURL((url) => url.pathname === '/');

    const afterLogout = await fetch(`${baseUrl}/api/user/change-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ newPassword: 'should-not-work' }),
    });
    expect(afterLogout.status).toBe(401);
    await context.close();
  });
});
