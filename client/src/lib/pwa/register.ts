import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// The installed app's service worker (service-worker/sw.ts, decision 025) and how a page on an old version
// moves to a new one without a stale screen. This module ships in the entry bundle: keep it small.

let updateReady = false;

const RELOADED_AT = 'pwa.reloadedAt';
/** A second missing chunk this soon after an automatic reload is a real failure: show it instead of looping. */
const RELOAD_GUARD_MS = 60_000;

/**
 * A chunk of the deploy this page was loaded from is gone (Vite's `vite:preloadError`): load the page again, on
 * the new version, once. sessionStorage remembers the reload, so a chunk missing from the new version too
 * shows the error screen rather than reloading for ever.
 */
function reloadOnMissingChunk(event: Event): void {
  // Offline, the chunk is missing because the network is: a reload would not bring it.
  if (!navigator.onLine) return;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return; // No storage, no guard against a loop: let the error screen show.
  }
  event.preventDefault();
  window.location.reload();
}

/**
 * Registers /sw.js in a production build, in a browser that has service workers, on a secure origin
 * (localhost counts), after the page's `load` event so it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  window.addEventListener('vite:preloadError', reloadOnMissingChunk);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  const worker = navigator.serviceWorker;
  // The page runs the code of the worker that controls it. When another takes over (a new deploy's worker
  // activates at once, sw.ts), this page's code is old; a first worker taking over an uncontrolled page is not.
  let controlled = Boolean(worker.controller);
  worker.addEventListener('controllerchange', () => {
    updateReady = controlled;
    controlled = true;
  });
  const register = () => {
    worker.register('/sw.js', { scope: '/' }).then(
      // A phone keeps a tab for days: look for a new deploy whenever the portal comes back to the screen.
      (registration) =>
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
        }),
      () => undefined,
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Called on each in-app navigation: when a new version has taken over, the next screen is loaded in full on
 * it (nothing is lost: the reader is leaving the screen anyway). Returns whether it did.
 */
export function reloadIfUpdated(nextUrl: string): boolean {
  if (!updateReady) return false;
  updateReady = false;
  // The router has already put nextUrl in the address bar: assigning the same URL would not load anything.
  if (new URL(nextUrl, window.location.href).href === window.location.href) window.location.reload();
  else window.location.assign(nextUrl);
  return true;
}

/** For the route table (AppRoutes): moves to a new version on the first navigation after it takes over. */
export function useReloadOnUpdate(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    reloadIfUpdated(pathname + search + hash);
  }, [pathname, search, hash]);
}
