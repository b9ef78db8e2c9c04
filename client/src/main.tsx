// First, before any module builds a schema: zod without its eval probe, which our CSP forbids.
import '@app/common/jitless';
import './styles/entry-components';
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, firstDataOrTimeout, startLoadingRoute } from './app/router';
import { preloadFirstPicture } from './features/items/first-picture';
import { preloadHttp } from './lib/api-client';
import { activateLanguage, initialLanguage } from './lib/i18n/language';
import { rememberTypedBeforeStart } from './lib/prerender/typed-before-start';
import { registerServiceWorker } from './lib/pwa/register';
import { readSession } from './lib/session';

// A returning signed-in visitor's first screen reads the answers its page asked for (lib/early-requests);
// the HTTP module is for what follows, so it comes once the page has loaded, not in the first screen's way.
// The screen's code and the signed-in layout's are asked for together, now, rather than as React reaches each.
// The screen's largest picture is asked for as soon as its item's early answer is in (first-picture.ts).
const session = readSession();
if (session) {
  window.addEventListener('load', preloadHttp, { once: true });
  void startLoadingRoute(window.location.pathname);
  preloadFirstPicture(window.location.pathname, session.token);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The login page arrives with its screen already in #root (decision 023): React hydrates it, taking over the
// elements the visitor already sees (and may have typed into) rather than drawing them anew: one render that
// creates no elements, and no second paint of the same screen (decision 026). The form starts from what was
// typed. A returning admin's or superadmin's screen may arrive as its frame and heading (decision 030): React
// draws over it once the frame's and the screen's code are in, in one commit, so the frame never gives way to
// 'Loading...' alone. Anywhere else #root is empty (keep-prerendered-screen.ts) and the app renders at once.
const render = () => {
  const app = (
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
  if (container.getAttribute('data-prerendered') === 'frame') {
    // The frame stays until the screen's code is in and, for a screen that names it, its first data, so the
    // shop's first card drawn by the page gives way to the grid rather than to an empty loading state
    // (decision 031); a slow answer holds it FIRST_DATA_WAIT_MS (router.tsx) at most, then the screen shows its
    // loading.
    const path = window.location.pathname;
    void startLoadingRoute(path)
      .then(() => firstDataOrTimeout(path))
      .then(() => {
        container.removeAttribute('data-prerendered');
        // The whole screen at once, as a transition: React builds it in slices of a few milliseconds between
        // which the phone can answer a tap (one piece, the frame's and a dashboard's first render blocked the
        // page for 0.6 s here, 2.4 s at Lighthouse's phone speed), and the frame stays on screen meanwhile.
        startTransition(() => createRoot(container).render(app));
      });
    return;
  }
  if (container.hasChildNodes()) {
    rememberTypedBeforeStart(container);
    hydrateRoot(container, app);
    return;
  }
  // Nothing to take over: at once, so the first screen is not a frame later.
  const root = createRoot(container);
  flushSync(() => root.render(app));
};

// English ships in the entry; another language's words are fetched first (one chunk), so no screen flashes
// in English before it. If they cannot be fetched, the portal opens in English rather than not at all.
const language = initialLanguage();
if (language === 'en') render();
else activateLanguage(language).then(render, render);

// The app's service worker, for the next visit (decision 025); registered once the page has loaded.
registerServiceWorker();
