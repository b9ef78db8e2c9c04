import { lazy, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { queryClient } from '../lib/query-client';
import { TitledScreen } from './document-title';
import { RequireSession } from './require-session';
import LoginRoute from './routes/login';
import RootRoute from './routes/root';

// The login screen is where most visits start, so it ships in the entry bundle; every other screen is
// downloaded on first visit (route-level splitting: the login route loads no admin or superadmin code).
// Each brings the whole Mantine stylesheet with it: the entry carries only the styles of its own components
// (styles/entry-components.ts), and a screen renders once both its code and the styles have arrived.
const loadAllComponentStyles = () => import('../styles/all-components');

function lazyElement(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(async () => (await Promise.all([load(), loadAllComponentStyles()]))[0]);
  return <Screen />;
}

/** What a route does before it renders, on the first page of a visit (preloadScreen). */
type ScreenHandle = { preload: (params: Params) => void };

const ignoreFailure = () => undefined; // React.lazy asks again when it renders, and shows the error screen then

function preloading(load: () => Promise<unknown>, prefetch?: (params: Params) => Promise<unknown>): ScreenHandle {
  return {
    preload: (params) => {
      void load().catch(ignoreFailure);
      void loadAllComponentStyles().catch(ignoreFailure);
      void prefetch?.(params).catch(ignoreFailure);
    },
  };
}

function screen(
  path: string,
  title: string,
  load: () => Promise<{ default: ComponentType }>,
  prefetch?: (params: Params) => Promise<unknown>,
): RouteObject {
  return { path, element: <TitledScreen title={title}>{lazyElement(load)}</TitledScreen>, handle: preloading(load, prefetch) };
}

/** Asks for one query a screen shows first, once the feature's module has loaded (preloadScreen). */
type FirstQuery = (params: Params) => Promise<void>;

/** A screen's first data, asked for while its code downloads; the screen's own queries then find it cached. */
function prefetchQueries(...queries: FirstQuery[]) {
  return (params: Params) => Promise.all(queries.map((query) => query(params)));
}

// What the shop's cards and the product page need first: the catalogue or the item, the customer's balance and
// tier (profile) and the tier rates (the billing line).
const catalogueQuery: FirstQuery = async () =>
  queryClient.prefetchQuery((await import('../features/items/api/get-items')).itemsQueryOptions());
const itemQuery: FirstQuery = async ({ id }) =>
  queryClient.prefetchQuery((await import('../features/items/api/get-item')).itemQueryOptions(id ?? ''));
const profileQuery: FirstQuery = async () =>
  queryClient.prefetchQuery((await import('../features/profile/api/get-profile')).profileQueryOptions());
const ratesQuery: FirstQuery = async () =>
  queryClient.prefetchQuery((await import('../features/settings/api/get-points-conversion')).pointsConversionQueryOptions());

// Spec §2 gives admins and superadmins their own paths for the same screens (a superadmin does everything
// an admin does, §1), so each of these modules is mounted at both. The dashboards differ by more than the
// role (one list vs three, with more actions) and stay two modules.
const loadSignedInLayout = () => import('./routes/signed-in-layout');
const staffItems = () => import('./routes/staff/items');
const staffOrders = () => import('./routes/staff/orders');
const staffBills = () => import('./routes/staff/bills');

export const routes: RouteObject[] = [
  {
    path: paths.login.path,
    element: <RootRoute />,
    children: [
      {
        index: true,
        element: (
          <TitledScreen title="Login">
            <LoginRoute />
          </TitledScreen>
        ),
      },
      {
        element: <RequireSession />,
        children: [
          screen(paths.resetPassword.path, 'Reset password', () => import('./routes/reset-password')),
          {
            element: lazyElement(loadSignedInLayout),
            handle: preloading(loadSignedInLayout),
            children: [
              screen(
                paths.shop.path,
                'Shop',
                () => import('./routes/user/shop'),
                prefetchQueries(catalogueQuery, profileQuery, ratesQuery),
              ),
              screen(paths.profile.path, 'Profile', () => import('./routes/user/profile')),
              screen(paths.cart.path, 'Cart', () => import('./routes/user/cart')),
              screen(
                paths.product.path,
                'Product',
                () => import('./routes/product'),
                prefetchQueries(itemQuery, profileQuery, ratesQuery),
              ),
              screen(paths.checkout.path, 'Checkout', () => import('./routes/checkout')),
              screen(paths.buyNow.path, 'Buy Now', () => import('./routes/buy-now')),
              screen(paths.thankYou.path, 'Thank You', () => import('./routes/thank-you')),
              screen(paths.tierPage.path, 'Tier', () => import('./routes/tier-page')),
              screen(paths.help.path, 'Help', () => import('./routes/help')),
              screen(paths.adminDashboard.path, 'User List', () => import('./routes/admin-dashboard')),
              screen(paths.adminItems.path, 'Items', staffItems),
              screen(paths.adminOrders.path, 'Orders', staffOrders),
              screen(paths.adminBills.path, 'Bills', staffBills),
              screen(paths.superadminDashboard.path, 'User List', () => import('./routes/superadmin-dashboard')),
              screen(paths.superadminItems.path, 'Items', staffItems),
              screen(paths.superadminOrders.path, 'Orders', staffOrders),
              screen(paths.superadminBills.path, 'Bills', staffBills),
              screen(paths.superadminSystem.path, 'System Settings', () => import('./routes/superadmin-system')),
            ],
          },
        ],
      },
      screen('*', 'Page not found', () => import('./routes/not-found')),
    ],
  },
];

/**
 * Starts, at once and side by side, the downloads the first screen of a visit needs: the signed-in layout,
 * the screen's code, the stylesheet and the screen's first data. Rendering would otherwise discover them one
 * level at a time (layout, then screen, then its request): a round trip each on a phone (issue 10).
 */
export function preloadScreen(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? [])
    (match.route.handle as ScreenHandle | undefined)?.preload(match.params);
}

/** The route table as elements; inside a BrowserRouter here, a MemoryRouter in screen tests. */
export function AppRoutes() {
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
