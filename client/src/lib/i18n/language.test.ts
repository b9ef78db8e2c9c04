import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglishScreens, SCREEN_AREAS, screenAreasFor } from './catalogs';

// lib/i18n/catalogs.ts' SCREEN_AREAS: a customer's screens load the frame's and the customer's words only; staff
// screens load every area; a language chosen later loads the same areas as those already asked for.
describe('screenAreasFor: the words each reader’s screens need', () => {
  it('when a customer signs in, then the frame and the customer’s words; anyone else, or no one known, every area', async () => {
    expect(screenAreasFor('customer')).toEqual(['frame', 'customer']);
    for (const userType of ['admin', 'superadmin', undefined]) expect(screenAreasFor(userType)).toEqual(SCREEN_AREAS.staff);
    const { messages } = await loadEnglishScreens(screenAreasFor('customer'));
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(['cart.title', 'itemPoints.points', 'layout.skipToContent']));
    expect(Object.keys(messages).filter((key) => /^(usersTable|ordersBoard|addBill)\./.test(key))).toEqual([]);
  });
});

// The test setup loads every area for the screens' tests: a fresh copy of the module shows what one page loads.
describe('loadScreenCatalogs on a page of its own', () => {
  type Language = typeof import('./language');
  let language: Language;
  beforeAll(async () => {
    vi.resetModules();
    language = await import('./language');
  });
  afterAll(() => language.activateLanguage('en'));

  // (The English words are in Lingui's one instance already, loaded by the setup; Hindi's are not.)
  it('when a customer’s page turns to Hindi, then the customer’s words arrive in Hindi, and a staff screen later brings its own', async () => {
    const { i18n } = language;
    await language.loadScreenCatalogs('customer');
    await language.activateLanguage('hi');
    expect(i18n._('itemPoints.points', { points: '1,200' })).toBe('1,200 पॉइंट्स');
    expect(i18n._('usersTable.username')).toBe('usersTable.username');
    await language.loadScreenCatalogs('admin');
    expect(i18n._('ordersBoard.searchLabel')).toBe('ऑर्डर ID या यूज़रनेम से खोजें');
  });

  it('when English is chosen again, then the words asked for while in Hindi arrive in English', async () => {
    const { i18n } = language;
    await language.activateLanguage('en');
    expect(i18n._('ordersBoard.searchLabel')).toBe('Search by order ID or username');
    expect(i18n._('login.title')).toBe('Login To Earn Rewards!');
  });
});
