import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  NavigationType,
  useLocation,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { HeadedScreenLoader, type ScreenOpening } from '../components/layout/headed-screen';
import { paths } from '../config/paths';
import type { MessageId } from '../lib/i18n/catalogs';
import { useReloadOnUpdate } from '../lib/pwa/register';
import { readSession } from '../lib/session';
import { loadScreenCatalogs } from '../lib/i18n/language';
import { TitledScreen } from './document-title';
import { RequireSession } from './require-session';
import LoginRoute from './routes/login';
import RootRoute from './routes/root';

// The login screen is where most visits start, so it ships in the entry bundle; every other screen is
// downloaded on first visit (route-level splitting: the login route loads no admin or superadmin code).
// Each brings the whole Mantine stylesheet and the screens' words (lib/i18n) with it: the entry carries only the styles of its own components
// (styles/entry-components.ts), and a screen renders once both its code and the styles have arrived.
const loadAllComponentStyles = () => import('../styles/all-components');

/**
 * What a lazily loaded route keeps in its `handle`: the function startLoadingRoute calls before React asks,
 * and the opening (heading, and lead if any) drawn while it loads, if the screen opens with one (screen()).
 */
export type LazyRouteHandle = {
  load: () => Promise<unknown>;
  loadFirstData: (visit: FirstVisit) => Promise<unknown>;
} & Partial<ScreenOpening>;

/** What a screen's first data depends on: the address it opens at and who opens it. */
export type FirstVisit = { pathname: string; userType: string | undefined };

/**
 * A lazily loaded screen's module: the screen, and what its first render reads, fetched into the shared cache
 * (`loadFirstData`) when the screen is drawn over the page's frame (main.tsx): the frame then gives way to the
 * screen with its data rather than to its loading state (decision 031).
 */
type ScreenModule = {
  default: ComponentType;
  loadFirstData?: (queryClient: QueryClient, visit: FirstVisit) => Promise<unknown>;
};

/**
 * A lazily loaded route: its element, and its `handle` with the function that fetches everything the element
 * needs. The function runs once; React.lazy and startLoadingRoute share its promise.
 */
function lazyRoute(load: () => Promise<ScreenModule>): { element: ReactNode; handle: LazyRouteHandle } {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  let loadFirstData: ((visit: FirstVisit) => Promise<unknown>) | undefined;
  const loadAll = () =>
    (loading ??= Promise.all([
      load(),
      import('./query-scope'),
      loadAllComponentStyles(),
      loadScreenCatalogs(readSession()?.userType),
    ]).then(([screen, { QueryScope, sharedQueryClient }]) => {
      const Loaded = screen.default;
      // TanStack Query arrives with the first screen past the login (decision 022).
      loaded = () => (
        <QueryScope>
          <Loaded />
        </QueryScope>
      );
      const firstData = screen.loadFirstData;
      if (firstData) loadFirstData = (visit) => firstData(sharedQueryClient, visit);
      return loaded;
    }));
  // Code that arrived before React first asks for it (startLoadingRoute) is handed over at once, in the same
  // render: a promise, even a settled one, answers a turn later, and React would draw the fallback meanwhile
  // (the prerendered staff frame would give way to 'Loading...' for a frame, decision 030). Code React asks for
  // (a screen reached after sign-in or by a link) is handed over with the address's first data too, as a page's
  // first screen is (main.tsx): the fallback stays meanwhile, rather than the screen drawn in its loading state
  // and then pushed down by lines whose answers came later (a campaign on the shop's banner).
  const Screen = lazy(() =>
    loaded
      ? settled({ default: loaded })
      : loadAll().then((screen) => firstDataOrTimeout(window.location.pathname).then(() => ({ default: screen }))),
  );
  // A failed download is asked again next time (a phone back in coverage), not remembered as failed.
  const handle: LazyRouteHandle = {
    load: () =>
      loadAll().catch(() => {
        loading = undefined;
      }),
    loadFirstData: (visit) => handle.load().then(() => loadFirstData?.(visit)),
  };
  return { element: <Screen />, handle };
}

/** A value as a thenable that calls back at once, which React.lazy reads in the same render. */
function settled<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then: (onFulfilled) => {
      onFulfilled?.(value);
      return thenable as PromiseLike<never>;
    },
  };
  // React.lazy's type asks for a Promise; it only ever calls then().
  return thenable as Promise<T>;
}

/**
 * A route of a lazily loaded screen with its document title. A screen that opens with a heading
 * (HeadedScreen) names it too, and its lead if it has one: while the screen's code loads, they are drawn already,
 * above the 'Loading...' (issue 19: the dashboards' heading was their largest paint, drawn only with the screen),
 * and the page draws them before any script for a returning user (decisions 030 and 047).
 */
function screen(
  path: string,
  titleId: MessageId,
  load: () => Promise<ScreenModule>,
  opening?: MessageId | ScreenOpening,
): RouteObject {
  const { element, handle } = lazyRoute(load);
  const { headingId, leadId } = typeof opening === 'string' ? { headingId: opening, leadId: undefined } : (opening ?? {});
  const loading = headingId ? (
    <Suspense fallback={<HeadedScreenLoader headingId={headingId} leadId={leadId} />}>{element}</Suspense>
  ) : (
    element
  );
  return { path, element: <TitledScreen titleId={titleId}>{loading}</TitledScreen>, handle: { ...handle, headingId, leadId } };
}

// Spec §2 gives admins and superadmins their own paths for the same screens (a superadmin does everything
// an admin does, §1), so each of these modules is mounted at both. The dashboards differ by more than the
// role (one list vs three, with more actions) and stay two modules.
const staffItems = () => import('./routes/staff/items');
const staffOrders = () => import('./routes/staff/orders');
const staffBills = () => import('./routes/staff/bills');
const staffOverview = () => import('./routes/staff/overview');

export const routes: RouteObject[] = [
  {
    path: paths.login.path,
    element: <RootRoute />,
    children: [
      {
        index: true,
        element: (
          <TitledScreen titleId="title.login">
            <LoginRoute />
          </TitledScreen>
        ),
      },
      {
        element: <RequireSession />,
        children: [
          screen(paths.resetPassword.path, 'title.resetPassword', () => import('./routes/reset-password')),
          {
            ...lazyRoute(() => import('./routes/signed-in-layout')),
            children: [
              screen(paths.shop.path, 'title.shop', () => import('./routes/user/shop')),
              screen(paths.profile.path, 'title.profile', () => import('./routes/user/profile'), 'profile.hello'),
              screen(paths.cart.path, 'title.cart', () => import('./routes/user/cart'), 'cart.title'),
              screen(paths.product.path, 'title.product', () => import('./routes/product')),
              screen(paths.checkout.path, 'title.checkout', () => import('./routes/checkout')),
              screen(paths.buyNow.path, 'title.buyNow', () => import('./routes/buy-now')),
              screen(paths.thankYou.path, 'title.thankYou', () => import('./routes/thank-you')),
              screen(paths.tierPage.path, 'title.tier', () => import('./routes/tier-page'), 'tierPage.title'),
              screen(paths.help.path, 'title.help', () => import('./routes/help'), {
                headingId: 'help.title',
                leadId: 'help.intro',
              }),
              screen(paths.adminDashboard.path, 'title.userList', () => import('./routes/admin-dashboard'), 'usersScreen.title'),
              screen(paths.adminItems.path, 'title.items', staffItems, 'staffItems.title'),
              screen(paths.adminOrders.path, 'title.orders', staffOrders, 'staffOrders.title'),
              screen(paths.adminBills.path, 'title.bills', staffBills, 'billsScreen.title'),
              screen(paths.adminOverview.path, 'title.overview', staffOverview, 'staffOverview.title'),
              screen(
                paths.superadminDashboard.path,
                'title.userList',
                () => import('./routes/superadmin-dashboard'),
                'usersScreen.title',
              ),
              screen(paths.superadminItems.path, 'title.items', staffItems, 'staffItems.title'),
              screen(paths.superadminOrders.path, 'title.orders', staffOrders, 'staffOrders.title'),
              screen(paths.superadminBills.path, 'title.bills', staffBills, 'billsScreen.title'),
              screen(
                paths.superadminSystem.path,
                'title.systemSettings',
                () => import('./routes/superadmin-system'),
                'systemScreen.title',
              ),
              screen(
                paths.superadminCampaigns.path,
                'title.campaigns',
                () => import('./routes/superadmin-campaigns'),
                'campaigns.title',
              ),
              screen(paths.superadminOverview.path, 'title.overview', staffOverview, 'staffOverview.title'),
              screen(paths.superadminAudit.path, 'title.audit', () => import('./routes/superadmin-audit'), 'auditScreen.title'),
            ],
          },
        ],
      },
      screen('*', 'title.notFound', () => import('./routes/not-found')),
    ],
  },
];

/**
 * Starts downloading every lazily loaded route the address opens, all at once: the signed-in layout and the
 * screen inside it would otherwise load one after the other (the screen's download starting only once the
 * layout had arrived and rendered), a round trip and a render more before a phone's first screen (issue 19).
 */
export function startLoadingRoute(pathname: string): Promise<unknown[]> {
  return Promise.all(lazyRoutesOf(pathname).map((handle) => handle.load()));
}

/**
 * The same, with the screen's first data in the shared cache too (ScreenModule's `loadFirstData`), for the signed-in
 * user (or, when the page's plan is derived, the user type given: app/first-screen-plan.ts).
 */
export function loadRouteWithFirstData(pathname: string, userType = readSession()?.userType): Promise<unknown[]> {
  return Promise.all(lazyRoutesOf(pathname).map((handle) => handle.loadFirstData({ pathname, userType })));
}

/** How long a screen's first render may wait for its first data once its code is in (then it shows its loading). */
export const FIRST_DATA_WAIT_MS = 3_000;

/** loadRouteWithFirstData, or FIRST_DATA_WAIT_MS, whichever comes first. */
export function firstDataOrTimeout(pathname: string): Promise<unknown> {
  return Promise.race([loadRouteWithFirstData(pathname), new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}

/** The lazily loaded routes an address opens (for a screen inside it, the signed-in layout and the screen). */
export function lazyRoutesOf(pathname: string): LazyRouteHandle[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle as LazyRouteHandle | undefined)
    .filter((handle) => handle !== undefined);
}

/**
 * A screen reached by a link or a redirect opens at its top (the cart's Place Order is far down a phone's page;
 * the thank-you page opened scrolled under the header). Back and forward keep the browser's own scroll, and an
 * address naming a section (`/user/profile#points-history`) is left to the screen, which scrolls to the section
 * once it is drawn: this effect runs after the screen's own, and would undo it. Leaving a section for the
 * screen's plain address (the footer's Profile from `/user/profile#points-history`) opens it at its top.
 */
function useNewScreenAtTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop && !hash && document.scrollingElement) document.scrollingElement.scrollTop = 0;
  }, [pathname, hash, navigationType]);
}

/** The route table as elements; inside a BrowserRouter here, a MemoryRouter in screen tests. */
export function AppRoutes() {
  useNewScreenAtTop();
  // After a deploy, the next screen opens on the new version (decision 025).
  useReloadOnUpdate();
  return useRoutes(routes);
}

// Declarative routing (a BrowserRouter and useRoutes), not a data router: the screens load their data with
// TanStack Query, so the data router's loaders and actions went unused while its code was 17 KB gzip of
// the login route's budget (issue 8). Titles and the error screen come from our own components instead.
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
