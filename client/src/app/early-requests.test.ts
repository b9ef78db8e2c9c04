import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getItems } from '../features/items/api/get-items';
import { forgetPublicSettings } from '../features/settings/api/get-public-settings';
import { PAGE_SIZE } from '../lib/use-paged-search';
import { clearSession, saveSession } from '../lib/session';
import { earlyRequestKey } from '../lib/early-requests/early-response';
import type { FirstScreenPlan } from '../lib/early-requests/first-screen-plan';
import { startEarlyRequests, type EarlyRequests } from '../lib/early-requests/start-early-requests';
import { server } from '../testing/msw/server';
import { firstScreenPlan } from './first-screen-plan';
import { FIRST_SCREENS } from './first-screens';
import { sharedQueryClient } from './query-scope';
import { loadRouteWithFirstData } from './router';

type Started = { url: string; authorization: string | undefined };
type PageWindow = Window & { __earlyRequests?: EarlyRequests };

// The plan the build writes into the page (build/prerender-screens.ts), derived here the same way: from the
// screens' own loaders.
let plan: FirstScreenPlan;
beforeAll(async () => {
  plan = await firstScreenPlan();
});

/**
 * Runs the page's inline script against this document's storage at `path`. Each answer is the URL it was asked
 * for (`{ early: url }`), and which answers were read is recorded, so a screen's request shows whether it took the
 * early answer or asked the server.
 */
function openPage(path: string, search = '') {
  const started: Started[] = [];
  const read: string[] = [];
  const page = {
    localStorage: window.localStorage,
    location: { pathname: path, search },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      started.push({ url, authorization: init.headers.Authorization });
      const response = new Response(JSON.stringify({ early: url }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
      const json = response.json.bind(response);
      response.json = () => {
        read.push(url);
        return json();
      };
      return Promise.resolve(response);
    },
  } as unknown as PageWindow;
  startEarlyRequests(page, plan);
  (window as PageWindow).__earlyRequests = page.__earlyRequests;
  return { started, read };
}

/** The API requests that reached the network (the test server) from now on. */
function networkRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) urls.push(`${url.pathname}${url.search}`);
  });
  return urls;
}

function signIn(userType: string, isPasswordReset = true) {
  saveSession({ token: 'token-1', _id: 'u1', username: 'dealer', userType, partyName: 'Dealer', isPasswordReset });
}

beforeEach(() => {
  sharedQueryClient.clear();
  forgetPublicSettings();
});

afterEach(() => {
  clearSession();
  server.events.removeAllListeners();
  delete (window as PageWindow).__earlyRequests;
});

describe('early requests (decisions 023, issue 29): the page asks for what the first screen’s loaders will', () => {
  it.each(FIRST_SCREENS.map(({ path, userType }) => [path, userType] as const))(
    'when a %s opens as %s, then every request of the screen’s and its frame’s first data is answered early, and every early answer is used',
    async (path, userType) => {
      signIn(userType);
      const address = path.replace(/:[^/]+/g, 'item one');
      const { started, read } = openPage(address);
      const network = networkRequests();
      await loadRouteWithFirstData(address);

      expect(network).toEqual([]);
      expect(read.sort()).toEqual(started.map(({ url }) => url).sort());
      // The session's requests carry its token; the public settings are everyone's.
      for (const { url, authorization } of started)
        expect(authorization).toBe(url === `/api${plan.publicRequests[0]}` ? undefined : 'Bearer token-1');
    },
  );

  it('when a customer opens a product, then its item is asked for by the id in the address, encoded as the screen encodes it', () => {
    signIn('customer');
    const { started } = openPage('/product/item%20one');
    expect(started[0]!.url).toBe('/api/item/itm/item%20one');
  });

  it('when the dashboards’ page size is read, then the page asks for that page of customers', () => {
    signIn('admin');
    const { started } = openPage('/admin-dashboard');
    expect(started.map(({ url }) => url)).toContain(`/api${earlyRequestKey('/admin/users', { page: 1, limit: PAGE_SIZE })}`);
  });

  it('when nobody is signed in, or the user must change the password first, then only the public settings are asked for', () => {
    expect(openPage('/user/shop').started.map(({ url }) => url)).toEqual(['/api/settings/public']);
    signIn('customer', false);
    expect(openPage('/user/shop').started.map(({ url }) => url)).toEqual(['/api/settings/public']);
  });

  it('when a customer’s address is a staff screen, then nothing of it is asked for', () => {
    signIn('customer');
    expect(openPage('/admin-dashboard').started.map(({ url }) => url)).toEqual(['/api/settings/public']);
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

  it('when the same answer is asked for twice, then the second asks the server', async () => {
    signIn('customer');
    openPage('/user/shop');
    await expect(getItems()).resolves.toEqual({ early: '/api/item' });
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
    startEarlyRequests(page, plan);
    expect(page.__earlyRequests).toBeUndefined();
  });

  it('when query parameters are given in any order or left undefined, then the key is the same', () => {
    expect(earlyRequestKey('/admin/users', { q: undefined, page: 1, limit: 20 })).toBe('/admin/users?limit=20&page=1');
    expect(earlyRequestKey('/item', undefined)).toBe('/item');
  });
});
