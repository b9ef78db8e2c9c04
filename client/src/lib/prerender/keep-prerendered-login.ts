/**
 * index.html carries the login screen rendered at build time inside #root (decision 023), in English and
 * signed out. This runs inline right after #root and empties it when that is not what this visit will show:
 * another address (the same page answers every route, and the service worker's cached page too), a signed-in
 * visitor (sent to their home), or a reader in Hindi (lib/i18n/language.ts, initialLanguage). main.tsx then
 * renders the real screen, as before.
 *
 * Copied into the page with Function.prototype.toString (build/prerender-login.ts): self-contained, no imports.
 */
export function keepPrerenderedLogin(win: Window): void {
  const root = win.document.getElementById('root');
  if (!root) return;
  let keep = false;
  try {
    const stored = win.localStorage.getItem('language');
    const browser = win.navigator.languages ?? [win.navigator.language];
    const hindi = stored === 'hi' || (stored !== 'en' && browser.some((tag) => tag?.toLowerCase().startsWith('hi')));
    keep = win.location.pathname === '/' && !win.localStorage.getItem('token') && !hindi;
  } catch {
    // Storage disabled: the portal behaves as signed out, in the browser's language: keep it only in English.
    keep = win.location.pathname === '/' && !(win.navigator.languages ?? []).some((tag) => tag.toLowerCase().startsWith('hi'));
  }
  if (!keep) {
    root.textContent = '';
    return;
  }
  // Until the app is live the form has no handler: a tap on Login must not send the fields as a plain
  // GET (the password in the address). React replaces this form, and this listener with it.
  root.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
}
