import type { FirstScreenPlan } from '../early-requests/first-screen-plan';

/**
 * index.html carries the login screen rendered at build time inside #root (decision 023), in English and
 * signed out, and the staff frames in a template (decision 030). This runs inline right after them and leaves
 * in #root what this visit will show first:
 * - the login, for a signed-out reader of English at / ;
 * - a returning user's frame (an admin's, superadmin's or, since decision 047, customer's), with the heading (and
 *   lead, if any) of the screen the address opens, when that screen opens with one (the dashboards, orders,
 *   bills, a customer's profile, cart, tier and help...) and the reader reads English: the header, the heading and
 *   'Loading...' paint from the page while the code downloads; main.tsx then draws the real screen over it in one
 *   go (#root is marked data-prerendered="frame"). A greeting's `{name}` is the session's stored party name;
 *   without one, no frame;
 * - a returning customer's frame around the shop's heading, banner and search at /user/shop, or around a
 *   product page's picture and heading at /product/:id, in English (decision 031): draw-first-item.ts then
 *   fills in the item from the page's early answer;
 * - nothing anywhere else (another address, a screen without a heading, a reader in Hindi
 *   (lib/i18n/language.ts, initialLanguage), someone who must first reset their password): main.tsx renders
 *   the real screen, as before.
 *
 * Copied into the page with Function.prototype.toString (build/prerender-screens.ts): self-contained, no imports.
 */
export function keepPrerenderedScreen(win: Window, plan: FirstScreenPlan): void {
  const root = win.document.getElementById('root');
  if (!root) return;
  let store: Storage | undefined;
  try {
    store = win.localStorage;
  } catch {
    // Storage disabled: the portal behaves as signed out, in the browser's language.
  }
  const stored = (key: string) => store?.getItem(key) ?? null;
  const browser = win.navigator.languages ?? [win.navigator.language];
  const language = stored(plan.storage.language);
  const hindi = language === 'hi' || (language !== 'en' && browser.some((tag) => tag?.toLowerCase().startsWith('hi')));
  const path = win.location.pathname;
  const token = stored(plan.storage.token);
  if (path === plan.loginPath && !token && !hindi) {
    // Until the app is live the form has no handler: a tap on Login must not send the fields as a plain
    // GET (the password in the address). React replaces this form, and this listener with it.
    root.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
    return;
  }
  root.textContent = '';

  const frames = win.document.getElementById('prerendered-frames') as HTMLTemplateElement | null;
  // Only an explicit "false" sends the user to /reset-password (lib/session.ts).
  if (!frames || !token || hindi || stored(plan.storage.isPasswordReset) === 'false') return;
  const userType = stored(plan.storage.userType);
  if (!userType) return;
  // A customer's frames are whole screens (the plan's screens with a frame: the shop's, a product page's); a staff
  // user's frame, named after the user type, takes the heading of the address's screen.
  const screen = plan.screens.find(
    (candidate) => candidate.frame && candidate.userType === userType && new RegExp(candidate.pattern).test(path),
  );
  const frameName = screen?.frame ?? (plan.headedScreenFrames.includes(userType) ? userType : undefined);
  if (!frameName) return;
  const frame = Array.from(frames.content.children).find((candidate) => candidate.getAttribute('data-frame-of') === frameName);
  if (!frame?.querySelector('h1')) return;
  const copy = frame.cloneNode(true) as Element;
  if (!screen) {
    // The headings by user type, then by path (a user type's frame is drawn only at its own addresses).
    let headings: Record<string, string> = {};
    let leads: Record<string, string> = {};
    try {
      const byUserType = JSON.parse(frames.dataset.headings ?? '{}') as Record<string, Record<string, string>>;
      headings = Object.prototype.hasOwnProperty.call(byUserType, frameName) ? byUserType[frameName]! : {};
      leads = JSON.parse(frames.dataset.leads ?? '{}') as Record<string, string>;
    } catch {
      return;
    }
    const own = (table: Record<string, string>) => (Object.prototype.hasOwnProperty.call(table, path) ? table[path] : undefined);
    let heading = own(headings);
    if (!heading) return;
    // A heading that greets the user by name ("Hello, {name}") takes the name the session keeps, or is not drawn.
    if (heading.includes('{name}')) {
      const name = stored(plan.storage.partyName);
      if (!name) return;
      heading = heading.split('{name}').join(name);
    }
    copy.querySelector('h1')!.textContent = heading;
    const lead = own(leads);
    const leadSlot = copy.querySelector('[data-lead]');
    if (lead && leadSlot) leadSlot.textContent = lead;
    else leadSlot?.remove();
  }
  root.append(...Array.from(copy.childNodes));
  root.setAttribute('data-prerendered', 'frame');
}
