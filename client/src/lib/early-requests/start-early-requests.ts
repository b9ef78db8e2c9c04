import type { FirstScreenPlan } from './first-screen-plan';

/**
 * The requests a screen makes as soon as it renders, started by the HTML instead (issue 19, decision 023):
 * without this a signed-in page asks for its data only after the entry, the layout and the screen's code
 * have arrived, one round trip after another. This function runs inline in index.html, before any module
 * (build/prerender-screens.ts writes its source there, with the plan as its argument), and leaves the answers'
 * promises on `window` for `takeEarlyResponse` (early-response.ts) to hand to the screens' first requests.
 *
 * What it asks for comes from `plan` (first-screen-plan.ts), which the build derives from the screens' own loaders
 * (app/first-screen-plan.ts): the public requests on every page, and, for a session that will stay on the screen, the
 * first screen the address and the user type name, its route's parameters put in place of their marks.
 *
 * Its source is copied with Function.prototype.toString, so it must stay self-contained: no imports, no
 * helpers from outside its body.
 */
export function startEarlyRequests(win: Window & { __earlyRequests?: EarlyRequests }, plan: FirstScreenPlan): void {
  try {
    const store = win.localStorage;
    const token = store.getItem(plan.storage.token);
    const userType = store.getItem(plan.storage.userType);
    const path = win.location.pathname;
    const keys = plan.publicRequests.slice();
    let withSession: string[] = [];
    // Only a session that will stay on this screen: one that must still change its password
    // (isPasswordReset "false", lib/session.ts) is sent to /reset-password.
    if (token && store.getItem(plan.storage.isPasswordReset) !== 'false') {
      for (const screen of plan.screens) {
        const match = screen.userType === userType ? new RegExp(screen.pattern).exec(path) : null;
        if (!match) continue;
        withSession = screen.requests.map((key) =>
          screen.marks.reduce(
            // The address's value as the screen's request encodes it (decoded by the router, encoded by the API call).
            (filled, mark, index) => filled.split(mark).join(encodeURIComponent(decodeURIComponent(match[index + 1] ?? ''))),
            key,
          ),
        );
        break;
      }
    }
    const responses: Record<string, Promise<Response>> = {};
    // The screen's own requests first: their pictures are the largest paint, and a phone's browser opens only six
    // connections to the portal (the page and its script hold two), so the later requests may wait.
    for (const key of [...withSession, ...keys]) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (withSession.includes(key)) headers.Authorization = `Bearer ${token}`;
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
