// The modules every signed-in screen loads besides the entry, named once for the build's own steps: the service
// worker precaches them (build/service-worker.ts) and the route budgets count them (build/route-budgets.ts).
// router.tsx (and lib/api-client.ts, lib/i18n/catalogs.ts) cannot use these names: Vite splits the bundle only
// at an import() of a literal path, so each keeps its own. build/service-worker.test.ts checks in the built
// manifest that the two agree. Nothing in the app imports this file. Paths are relative to client/, as the keys
// of the build's manifest spell them. (Also the one module the login loads on demand, LOGIN_WHEN_LIMITED.)

/** The frame of the screens past the login but /reset-password and the unknown path (router.tsx's lazyRoute). */
export const SIGNED_IN_LAYOUT = 'src/app/routes/signed-in-layout.tsx';

/**
 * Loaded with every lazily loaded screen, the layout's too (router.tsx's lazyRoute): TanStack Query's provider
 * (decision 022) and the whole Mantine stylesheet, a module of styles alone (no chunk of it is left in the build).
 */
export const WITH_EVERY_SCREEN = ['src/app/query-scope.tsx', 'src/styles/all-components.ts'] as const;

/** The API's transport (fetch with the token, errors and 401s), loaded by the first API request of any screen, the login's included (lib/api-client.ts). */
export const HTTP_MODULE = 'src/lib/http.ts';

/**
 * The English words every signed-in reader's screens load (lib/i18n/catalogs.ts' SCREEN_AREAS: the frame's and
 * the customer's screens' words, which staff read too), loaded with the first screen past the login (router.tsx's
 * lazyRoute, loadScreenCatalogs). The worker precaches these only: a dealer's phone never downloads the staff
 * screens' words, and a staff member's page keeps the other two when it first loads them, as it keeps a screen's
 * code (build/service-worker.test.ts checks the list against SCREEN_AREAS). These are the catalogues the app
 * imports; the build compiles each into a module of its own, `<catalogue>.compiled.js` (build/compiled-catalogs.ts).
 */
export const ENGLISH_WORDS_OF_EVERY_READER = [
  '../common/src/i18n/locales/en/frame.json',
  '../common/src/i18n/locales/en/customer.json',
] as const;

/** The English words of the screens past the login: those of every reader, then the staff screens' (SCREEN_AREAS.staff). */
export const ENGLISH_SCREEN_WORDS = [
  ...ENGLISH_WORDS_OF_EVERY_READER,
  '../common/src/i18n/locales/en/staff.json',
  '../common/src/i18n/locales/en/operations.json',
] as const;

/**
 * Loaded by the login screen only when a sign-in was refused with 429 (contract "Sign-in codes"): not precached,
 * since asking for a code needs the network anyway.
 */
export const LOGIN_WHEN_LIMITED = ['src/features/auth/components/sign-in-code-offer.tsx'] as const;
