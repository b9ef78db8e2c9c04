import staffText from '@app/common/i18n/locales/en/staff.json?raw';
import operationsText from '@app/common/i18n/locales/en/operations.json?raw';
import customerText from '@app/common/i18n/locales/en/customer.json?raw';
import { render, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { buildItem, buildPublicSettings, buildSession } from '../testing/factories';
import { renderApp } from '../testing/render-app';
import { http, HttpResponse } from 'msw';
import { itemsKeys } from '../features/items/keys';
import { notificationKeys } from '../features/notifications/keys';
import { preferenceKeys } from '../features/preferences/keys';
import { forgetPublicSettings } from '../features/settings/api/get-public-settings';
import { useProductName } from '../features/settings/hooks/use-product-name';
import { settingsKeys } from '../features/settings/keys';
import { usersKeys } from '../features/users/keys';
import { queryClient } from '../lib/query-client';
import { saveSession } from '../lib/session';
import { api } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { lazyRoutesOf, loadRouteWithFirstData, routes, startLoadingRoute, type LazyRouteHandle } from './router';

describe('startLoadingRoute', () => {
  it('asks for the signed-in layout and the screen together, for every screen inside the layout', () => {
    const inLayout = [
      paths.shop.path,
      paths.product.path.replace(':id', 'item-1'),
      paths.tierPage.path,
      paths.adminDashboard.path,
      paths.superadminDashboard.path,
      paths.superadminAudit.path,
    ];
    for (const path of inLayout) expect(lazyRoutesOf(path), path).toHaveLength(2);
    expect(lazyRoutesOf(paths.resetPassword.path)).toHaveLength(1);
    expect(lazyRoutesOf('/no-such-page')).toHaveLength(1);
    // The login screen is in the entry: nothing to load.
    expect(lazyRoutesOf(paths.login.path)).toHaveLength(0);
  });

  it('resolves once the layout, the screen, their styles and words have loaded', async () => {
    await expect(startLoadingRoute(paths.shop.path)).resolves.toHaveLength(2);
  });
});

describe('loadRouteWithFirstData (decision 031: the page’s frame gives way to the screen with its data)', () => {
  it('when the shop is loaded with its first data, then the catalogue is in the shared cache before the shop renders', async () => {
    saveSession(buildSession({ userType: 'customer' }));
    const catalogue = [buildItem({ _id: 'item-1', name: 'Kettle' })];
    server.use(http.get(api('/item'), () => HttpResponse.json(catalogue)));
    queryClient.removeQueries({ queryKey: itemsKeys.list() });
    await loadRouteWithFirstData(paths.shop.path);
    expect(queryClient.getQueryData(itemsKeys.list())).toEqual(catalogue);
  });

  it('when a product page is loaded with its first data, then its item is in the shared cache', async () => {
    saveSession(buildSession({ userType: 'customer' }));
    const kettle = buildItem({ _id: 'item-7', name: 'Kettle' });
    server.use(http.get(api('/item/itm/item-7'), () => HttpResponse.json(kettle)));
    queryClient.removeQueries({ queryKey: itemsKeys.detail('item-7') });
    await loadRouteWithFirstData(paths.product.getHref('item-7'));
    expect(queryClient.getQueryData(itemsKeys.detail('item-7'))).toEqual(kettle);
  });

  it('when the superadmin dashboard is loaded with its first data, then what the frame and the dashboard read first is in before they render (decision 032)', async () => {
    saveSession(buildSession({ userType: 'superadmin' }));
    forgetPublicSettings();
    queryClient.clear();
    await loadRouteWithFirstData(paths.superadminDashboard.path);
    // The frame: the bell's count, the stored language; the dashboard: its customers and the tier rates.
    expect(queryClient.getQueryData(notificationKeys.inbox())).toEqual(expect.objectContaining({ unread: expect.any(Number) }));
    expect(queryClient.getQueryData(preferenceKeys.detail())).toEqual(expect.objectContaining({ language: 'en' }));
    expect(queryClient.getQueryData(settingsKeys.pointsConversion())).toEqual(
      expect.objectContaining({ tierPointsConversion: expect.any(Object) }),
    );
    expect(queryClient.getQueriesData({ queryKey: usersKeys.lists() })).toHaveLength(1);
    // The product name of the header and the title, read by the first render itself.
    let firstRead: string | undefined = 'not rendered';
    function ProductNameProbe() {
      const name = useProductName();
      if (firstRead === 'not rendered') firstRead = name;
      return null;
    }
    render(<ProductNameProbe />);
    expect(firstRead).toBe(buildPublicSettings().productName);
  });

  it('when a screen names no first data, then it resolves once its code is in', async () => {
    await expect(loadRouteWithFirstData(paths.help.path)).resolves.toHaveLength(2);
  });
});

// The catalogues as written: imported as .json they arrive compiled (build/compiled-catalogs.ts).
const ENGLISH = Object.assign(
  {},
  ...[staffText, operationsText, customerText].map((text) => JSON.parse(text) as Record<string, string>),
) as Record<string, string>;

/** Every route of the table with the heading (and lead) it draws while its screen loads. */
function headedRoutes(table: RouteObject[]): { path: string; headingId: string; leadId?: string }[] {
  return table.flatMap((route) => {
    const { headingId, leadId } = (route.handle as LazyRouteHandle | undefined) ?? {};
    const own = headingId && route.path ? [{ path: route.path, headingId, leadId }] : [];
    return [...own, ...headedRoutes(route.children ?? [])];
  });
}

describe('a screen’s heading drawn while its code loads (issue 19)', () => {
  const headed = headedRoutes(routes);

  it('is declared for the dashboards, the staff screens and the customer’s screens that open with a heading', () => {
    expect(headed.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        paths.adminDashboard.path,
        paths.superadminDashboard.path,
        paths.superadminAudit.path,
        paths.profile.path,
        paths.cart.path,
        paths.tierPage.path,
        paths.help.path,
      ]),
    );
  });

  it.each(headed)(
    'when $path has loaded, then its one heading is the one drawn while it loaded',
    async ({ path, headingId, leadId }) => {
      const session = buildSession({
        userType: path.startsWith('/superadmin') ? 'superadmin' : path.startsWith('/admin') ? 'admin' : 'customer',
      });
      // A greeting names the user: the session's name while loading, the profile's (the same here) once loaded.
      const words = ENGLISH[headingId]?.replace('{name}', session.partyName);
      expect(words).toEqual(expect.any(String));
      const { container } = renderApp(path, { session });
      await startLoadingRoute(path);
      // The screen itself (nothing busy left), and its one heading reads as the route declared.
      await waitFor(
        () => {
          expect(container.querySelector('[aria-busy="true"]')).toBeNull();
          expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([words]);
        },
        { timeout: 5000 },
      );
      if (leadId) expect(screen.getByText(ENGLISH[leadId]!)).toBeVisible();
    },
  );
});
