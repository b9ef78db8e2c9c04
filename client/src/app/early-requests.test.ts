import { afterEach, describe, expect, it } from 'vitest';
import { getItem } from '../features/items/api/get-item';
import { getItems } from '../features/items/api/get-items';
import { getInbox } from '../features/notifications/api/get-notifications';
import { getPreferences } from '../features/preferences/api/preferences';
import { getPoints } from '../features/profile/api/get-points';
import { getProfile } from '../features/profile/api/get-profile';
import { getPointsConversion } from '../features/settings/api/get-points-conversion';
import { getAllUsers } from '../features/users/api/get-all-users';
import { getCustomers } from '../features/users/api/get-customers';
import { clearSession, saveSession } from '../lib/session';
import { earlyRequestKey } from '../lib/early-requests/early-response';
import { startEarlyRequests, type EarlyRequests } from '../lib/early-requests/start-early-requests';

type Started = { url: string; authorization: string | undefined };
type PageWindow = Window & { __earlyRequests?: EarlyRequests };

/**
 * Runs the page's inline script against this document's storage at `path`. Each answer is the URL it was
 * asked for (`{ early: url }`), so a screen's request shows whether it took the early answer or asked the
 * server (this file's API calls would reach the test server's handlers, which answer something else).
 */
function openPage(path: string, search = ''): Started[] {
  const started: Started[] = [];
  const page = {
    localStorage: window.localStorage,
    location: { pathname: path, search },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      started.push({ url, authorization: init.headers.Authorization });
      return Promise.resolve(
        new Response(JSON.stringify({ early: url }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  } as unknown as PageWindow;
  startEarlyRequests(page);
  (window as PageWindow).__earlyRequests = page.__earlyRequests;
  return started;
}

function signIn(userType: string, isPasswordReset = true) {
  saveSession({ token: 'token-1', _id: 'u1', username: 'dealer', userType, partyName: 'Dealer', isPasswordReset });
}

afterEach(() => {
  clearSession();
  delete (window as PageWindow).__earlyRequests;
});

describe('early requests (decision 023): the page asks for the first screen’s data, the screen takes it', () => {
  it('when a customer opens the shop, then every request of its first screen is answered by the page’s early one', async () => {
    signIn('customer');
    const started = openPage('/user/shop');
    expect(started.every((request) => request.url === '/api/settings/public' || request.authorization === 'Bearer token-1')).toBe(
      true,
    );

    await expect(getItems()).resolves.toEqual({ early: '/api/item' });
    await expect(getPointsConversion()).resolves.toEqual({ early: '/api/superadmin/system/points-conversion' });
    await expect(getProfile()).resolves.toEqual({ early: '/api/user/profile' });
    await expect(getPoints()).resolves.toEqual({ early: '/api/user/points' });
    await expect(getInbox()).resolves.toEqual({ early: '/api/user/notifications?limit=20&page=1' });
    await expect(getPreferences()).resolves.toEqual({ early: '/api/user/preferences' });
    // Once: the next read of the same data asks the server.
    await expect(getItems()).resolves.not.toEqual({ early: '/api/item' });
  });

  it('when a customer opens a product, then its item is asked for by the id in the address', async () => {
    signIn('customer');
    openPage('/product/item%20one');
    await expect(getItem('item one')).resolves.toEqual({ early: '/api/item/itm/item%20one' });
  });

  it('when an admin or a superadmin opens their dashboard, then the first page of its list is taken early', async () => {
    signIn('admin');
    openPage('/admin-dashboard');
    await expect(getCustomers({ q: '', page: 1, limit: 20 })).resolves.toEqual({ early: '/api/admin/users?limit=20&page=1' });

    signIn('superadmin');
    openPage('/superadmin-dashboard');
    await expect(getAllUsers({ q: '', page: 1, limit: 20, userType: 'customer' })).resolves.toEqual({
      early: '/api/superadmin/allusers?limit=20&page=1&userType=customer',
    });
  });

  it('when the dashboard opens on a search or another page, then the list is not guessed', () => {
    signIn('admin');
    expect(openPage('/admin-dashboard', '?q=jai').map((request) => request.url)).not.toContain(
      '/api/admin/users?limit=20&page=1',
    );
  });

  it('when nobody is signed in, or the user must change the password first, then only the public settings are asked for', () => {
    expect(openPage('/user/shop').map((request) => request.url)).toEqual(['/api/settings/public']);
    signIn('customer', false);
    expect(openPage('/user/shop').map((request) => request.url)).toEqual(['/api/settings/public']);
  });

  it('when a customer’s address is a staff screen, then nothing of it is asked for', () => {
    signIn('customer');
    expect(openPage('/admin-dashboard').map((request) => request.url)).toEqual(['/api/settings/public']);
  });

  it('when the session changed since the page asked, then its answers are not used', async () => {
    signIn('customer');
    openPage('/user/shop');
    saveSession({
      token: 'token-2',
      _id: 'u2',
      username: 'other',
      userType: 'customer',
      partyName: 'Other',
      isPasswordReset: true,
    });
    await expect(getItems()).resolves.not.toEqual({ early: '/api/item' });
  });

  it('when storage cannot be read, then the page starts nothing and the screens ask for themselves', () => {
    const page = {
      get localStorage(): Storage {
        throw new Error('storage disabled');
      },
      location: { pathname: '/user/shop', search: '' },
      fetch: () => Promise.reject(new Error('not expected')),
    } as unknown as PageWindow;
    startEarlyRequests(page);
    expect(page.__earlyRequests).toBeUndefined();
  });

  it('when query parameters are given in any order or left undefined, then the key is the same', () => {
    expect(earlyRequestKey('/admin/users', { q: undefined, page: 1, limit: 20 })).toBe('/admin/users?limit=20&page=1');
    expect(earlyRequestKey('/item', undefined)).toBe('/item');
  });
});
