import { lazy, useEffect, type ComponentType } from 'react';
import { BrowserRouter, NavigationType, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import type { MessageId } from '../lib/i18n/catalogs';
import { useReloadOnUpdate } from '../lib/pwa/register';
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

function lazyElement(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(async () => {
    const [screen, { QueryScope }] = await Promise.all([
      load(),
      import('./query-scope'),
      loadAllComponentStyles(),
      loadScreenCatalogs(),
    ]);
    const Loaded = screen.default;
    // TanStack Query arrives with the first screen past the login (decision 022).
    return {
      default: () => (
        <QueryScope>
          <Loaded />
        </QueryScope>
      ),
    };
  });
  return <Screen />;
}

function screen(path: string, titleId: MessageId, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path, element: <TitledScreen titleId={titleId}>{lazyElement(load)}</TitledScreen> };
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
            element: lazyElement(() => import('./routes/signed-in-layout')),
            children: [
              screen(paths.shop.path, 'title.shop', () => import('./routes/user/shop')),
              screen(paths.profile.path, 'title.profile', () => import('./routes/user/profile')),
              screen(paths.cart.path, 'title.cart', () => import('./routes/user/cart')),
              screen(paths.product.path, 'title.product', () => import('./routes/product')),
              screen(paths.checkout.path, 'title.checkout', () => import('./routes/checkout')),
              screen(paths.buyNow.path, 'title.buyNow', () => import('./routes/buy-now')),
              screen(paths.thankYou.path, 'title.thankYou', () => import('./routes/thank-you')),
              screen(paths.tierPage.path, 'title.tier', () => import('./routes/tier-page')),
              screen(paths.help.path, 'title.help', () => import('./routes/help')),
              screen(paths.adminDashboard.path, 'title.userList', () => import('./routes/admin-dashboard')),
              screen(paths.adminItems.path, 'title.items', staffItems),
              screen(paths.adminOrders.path, 'title.orders', staffOrders),
              screen(paths.adminBills.path, 'title.bills', staffBills),
              screen(paths.adminOverview.path, 'title.overview', staffOverview),
              screen(paths.superadminDashboard.path, 'title.userList', () => import('./routes/superadmin-dashboard')),
              screen(paths.superadminItems.path, 'title.items', staffItems),
              screen(paths.superadminOrders.path, 'title.orders', staffOrders),
              screen(paths.superadminBills.path, 'title.bills', staffBills),
              screen(paths.superadminSystem.path, 'title.systemSettings', () => import('./routes/superadmin-system')),
              screen(paths.superadminOverview.path, 'title.overview', staffOverview),
              screen(paths.superadminAudit.path, 'title.audit', () => import('./routes/superadmin-audit')),
            ],
          },
        ],
      },
      screen('*', 'title.notFound', () => import('./routes/not-found')),
    ],
  },
];

/**
 * A screen reached by a link or a redirect opens at its top (the cart's Place Order is far down a phone's page;
 * the thank-you page opened scrolled under the header). Back and forward keep the browser's own scroll.
 */
function useNewScreenAtTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop && document.scrollingElement) document.scrollingElement.scrollTop = 0;
  }, [pathname, navigationType]);
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
