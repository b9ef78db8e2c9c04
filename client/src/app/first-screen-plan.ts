import { paths } from '../config/paths';
import { paramMark, type FirstScreenEntry, type FirstScreenPlan } from '../lib/early-requests/first-screen-plan';
import type { EarlyRequests } from '../lib/early-requests/start-early-requests';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n/language';
import { sessionStorageKey } from '../lib/session';
import { forgetPublicSettings, loadPublicSettings } from '../features/settings/api/get-public-settings';
import { FIRST_SCREENS, HEADED_SCREEN_FRAMES } from './first-screens';
import { sharedQueryClient } from './query-scope';
import { lazyRoutesOf, type FirstVisit } from './router';

/**
 * The early-request keys `load` asks for, in order: the answers are stood in for by empty ones (no request leaves),
 * the way the page's early answers are taken (lib/early-requests/early-response.ts). The shared cache is emptied
 * first, as a fresh page's is.
 */
async function recordEarlyRequests(load: () => Promise<unknown>): Promise<string[]> {
  const keys: string[] = [];
  const page = globalThis as { __earlyRequests?: EarlyRequests };
  const before = page.__earlyRequests;
  const responses = new Proxy(
    {},
    {
      get: (_, key) => {
        if (typeof key !== 'string') return undefined;
        if (!keys.includes(key)) keys.push(key);
        return Promise.resolve(new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } }));
      },
    },
  );
  sharedQueryClient.clear();
  forgetPublicSettings();
  page.__earlyRequests = { token: null, startedAt: Date.now(), responses };
  try {
    await load();
  } finally {
    page.__earlyRequests = before;
    sharedQueryClient.clear();
    forgetPublicSettings();
  }
  return keys;
}

/** A route's path as the inline script matches it: `:name` segments captured, everything else literal. */
function routePattern(path: string): { pattern: string; params: string[] } {
  const params: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: `^${pattern}$`, params };
}

/**
 * The plan the page's inline scripts follow (lib/early-requests/first-screen-plan.ts), derived from FIRST_SCREENS,
 * the screens' loaders, the session's and the language's storage keys. Each screen is opened at its own path with
 * each parameter's value `:name` (paramMark), its own loader's requests first (the screen's largest picture is in
 * them), then its layout's.
 */
export async function firstScreenPlan(): Promise<FirstScreenPlan> {
  const publicRequests = await recordEarlyRequests(loadPublicSettings);
  const screens: FirstScreenEntry[] = [];
  for (const { path, userType, frame } of FIRST_SCREENS) {
    const visit: FirstVisit = { pathname: path, userType };
    const [layout, screen] = lazyRoutesOf(path);
    if (!layout || !screen) throw new Error(`${path} is not a screen inside the signed-in layout`);
    const requests = [
      ...(await recordEarlyRequests(() => screen.loadFirstData(visit))),
      ...(await recordEarlyRequests(() => layout.loadFirstData(visit))),
    ];
    const route = routePattern(path);
    // The inline script finds a parameter's value by its mark: a loader that asks by it but spells it otherwise
    // (not encoded as its request encodes it) would never have its answer taken.
    for (const name of route.params)
      if (!requests.some((key) => key.includes(paramMark(name))))
        throw new Error(`${path}: no first request names :${name} as paramMark spells it`);
    screens.push({
      pattern: route.pattern,
      marks: route.params.map(paramMark),
      userType,
      requests: [...new Set(requests)].filter((key) => !publicRequests.includes(key)),
      ...(frame ? { frame } : {}),
    });
  }
  return {
    storage: {
      token: sessionStorageKey('token'),
      userType: sessionStorageKey('userType'),
      partyName: sessionStorageKey('partyName'),
      isPasswordReset: sessionStorageKey('isPasswordReset'),
      language: LANGUAGE_STORAGE_KEY,
    },
    loginPath: paths.login.path,
    publicRequests,
    screens,
    headedScreenFrames: HEADED_SCREEN_FRAMES,
  };
}
