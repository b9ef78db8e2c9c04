import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from '../browser';
import { openPage, seriousAccessibilityViolations as seriousViolations, signIn, useBrowser } from './helpers';

const baseUrl = inject('baseUrl');
const users = inject('users');
const browser = useBrowser();

describe('screens pass automated accessibility checks', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`when the login screen is opened on a ${name}, then axe finds nothing serious`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, viewport);
      await page.goto('/');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  const homes = [
    { type: 'customer', user: () => users.customer, home: '/user/shop' },
    { type: 'admin', user: () => users.admin, home: '/admin-dashboard' },
    { type: 'superadmin', user: () => users.superadmin, home: '/superadmin-dashboard' },
  ] as const;
  for (const { type, user, home } of homes) {
    it(`when a ${type}'s home is open, then axe finds nothing serious`, async () => {
      const { context, page } = await openPage(browser(), baseUrl, VIEWPORTS.phone);
      await signIn(page, user().username, user().password);
      await page.waitForURL(`**${home}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
