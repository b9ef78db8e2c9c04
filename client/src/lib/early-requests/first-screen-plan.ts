/**
 * What the page's inline scripts know of the first screens (issue 29): which storage keys hold the session and the
 * language, which requests every page makes, and for each first screen its address, its user type, its early
 * requests and the frame it opens in. Never written by hand: build/prerender-screens.ts derives it from the screens'
 * own loaders, paths and storage keys (app/first-screen-plan.ts) and writes it into the scripts as their argument, so a
 * page size, a path or a key changed in the screens changes the page with it.
 */
export type FirstScreenPlan = {
  /** The storage keys of the session (lib/session.ts) and of the language (lib/i18n/language.ts). */
  storage: { token: string; userType: string; partyName: string; isPasswordReset: string; language: string };
  /** The login's address: the only one whose prerendered screen (the login) is kept for a signed-out visitor. */
  loginPath: string;
  /** Asked for on every page, signed in or not, without the session (the public settings). */
  publicRequests: string[];
  screens: FirstScreenEntry[];
  /** The user types whose frame (named after them) is drawn around any screen that opens with a heading. */
  headedScreenFrames: string[];
};

export type FirstScreenEntry = {
  /** The route's path as a regular expression, each parameter captured in the order of `marks`. */
  pattern: string;
  /** Each parameter's mark (paramMark) in `requests`, where the script puts the address's value. */
  marks: string[];
  userType: string;
  /**
   * The screen's first requests with the session, most wanted first (the screen's own, then its frame's), as
   * earlyRequestKey spells them; a parameter's value appears as paramMark(name).
   */
  requests: string[];
  /** The prerendered frame the screen opens in (prerender.tsx, PRERENDERED_FRAMES), if it has one. */
  frame?: string;
};

/**
 * How a route parameter appears in a recorded request: the value the loader was given for it (`:id`), as the
 * screen's request encodes it. The inline script puts the address's own value, encoded alike, in its place.
 */
export const paramMark = (name: string) => encodeURIComponent(`:${name}`);
