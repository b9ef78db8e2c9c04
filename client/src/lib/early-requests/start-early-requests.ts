/**
 * The requests a screen makes as soon as it renders, started by the HTML instead (issue 19, decision 023):
 * without this a signed-in page asks for its data only after the entry, the layout and the screen's code
 * have arrived, one round trip after another. This function runs inline in index.html, before any module
 * (build/early-requests.ts writes its source there), and leaves the answers' promises on `window` for
 * `takeEarlyResponse` (early-response.ts) to hand to the screens' first requests.
 *
 * Its source is copied with Function.prototype.toString, so it must stay self-contained: no imports, no
 * helpers from outside its body. The keys are API paths below /api with their query sorted by name, as
 * `earlyRequestKey` spells them; `early-requests.test.ts` checks each against the request the screen makes.
 */
export function startEarlyRequests(win: Window & { __earlyRequests?: EarlyRequests }): void {
  try {
    const store = win.localStorage;
    const token = store.getItem('token');
    const userType = store.getItem('userType');
    const path = win.location.pathname;
    const plainUrl = win.location.search === '';
    const keys = ['/settings/public'];
    // Only a session that will stay on this screen: one that must still change its password
    // (isPasswordReset "false", lib/session.ts) is sent to /reset-password.
    if (token && store.getItem('isPasswordReset') !== 'false') {
      const conversion = '/superadmin/system/points-conversion';
      const customerScreen = /^\/(?:user\/|product\/|checkout$|buy-now$|thank-you$|tier-page$|help$)/.test(path);
      const product = /^\/product\/([^/]+)$/.exec(path);
      if (userType === 'customer' && customerScreen) {
        // The screen's item(s) first: their picture is the largest paint, and a phone's browser opens only six
        // connections to the portal (the page and its script hold two), so the later requests may wait.
        if (path === '/user/shop') keys.unshift('/item', conversion);
        if (product) keys.unshift(`/item/itm/${encodeURIComponent(decodeURIComponent(product[1] ?? ''))}`, conversion);
        keys.push('/user/profile', '/user/points', '/user/preferences', '/user/notifications?limit=20&page=1');
      }
      if (userType === 'admin' && path === '/admin-dashboard') {
        keys.push('/user/notifications?limit=20&page=1', '/user/preferences', conversion);
        if (plainUrl) keys.push('/admin/users?limit=20&page=1');
      }
      if (userType === 'superadmin' && path === '/superadmin-dashboard') {
        keys.push('/user/notifications?limit=20&page=1', '/user/preferences', conversion);
        if (plainUrl) keys.push('/superadmin/allusers?limit=20&page=1&userType=customer');
      }
    }
    const responses: Record<string, Promise<Response>> = {};
    for (const key of keys) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token && key !== '/settings/public') headers.Authorization = `Bearer ${token}`;
      responses[key] = win.fetch(`/api${key}`, { headers, credentials: 'same-origin' });
      // An answer nobody takes (the screen changed first) must not be reported as unhandled.
      responses[key].catch(() => undefined);
    }
    win.__earlyRequests = { token, startedAt: Date.now(), responses };
  } catch {
    // Storage disabled or a malformed address: the screens ask for their data themselves, as before.
  }
}

export type EarlyRequests = {
  /** The token the requests carried: an answer is only used by the same session. */
  token: string | null;
  startedAt: number;
  responses: Record<string, Promise<Response>>;
};
