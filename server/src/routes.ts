import type { AppDeps } from './deps';
import { addressesRoutes } from './features/addresses/addresses.routes';
import { apiReferenceRoutes } from './features/api-reference/api-reference.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authRoutes } from './features/auth/auth.routes';
import { billsRoutes } from './features/bills/bills.routes';
import { campaignsRoutes } from './features/campaigns/campaigns.routes';
import { cartRoutes } from './features/cart/cart.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { healthRoutes } from './features/health/health.routes';
import { itemsRoutes } from './features/items/items.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { pointsExpiryRoutes } from './features/points-expiry/points-expiry.routes';
import { preferencesRoutes } from './features/preferences/preferences.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { tiersRoutes } from './features/tiers/tiers.routes';
import { usersRoutes } from './features/users/users.routes';
import type { RouteDefinition, TableRoute } from './lib/route';

/**
 * The one table of API routes: each feature declares its own (path, roles, schemas, limits, handler) in its
 * <feature>.routes.ts, and this list puts them together, each list tagged with the folder that declares it
 * (the API reference and docs/routes.md say where each URL lives). api-router.ts mounts them under /api; the
 * route test walks this table to prove every protected route refuses anonymous callers and every other role.
 */
export function routeTable(deps: AppDeps): TableRoute[] {
  const table: TableRoute[] = [
    ...inFeature('health', healthRoutes(deps)),
    ...inFeature('settings', settingsRoutes(deps)),
    ...inFeature('auth', authRoutes(deps)),
    ...inFeature('users', usersRoutes(deps)),
    ...inFeature('preferences', preferencesRoutes()),
    ...inFeature('audit', auditRoutes(deps)),
    ...inFeature('items', itemsRoutes(deps)),
    ...inFeature('bills', billsRoutes(deps)),
    ...inFeature('campaigns', campaignsRoutes()),
    ...inFeature('ledger', ledgerRoutes(deps)),
    ...inFeature('points-expiry', pointsExpiryRoutes(deps)),
    ...inFeature('tiers', tiersRoutes(deps)),
    ...inFeature('cart', cartRoutes(deps)),
    ...inFeature('addresses', addressesRoutes(deps)),
    ...inFeature('orders', ordersRoutes(deps)),
    ...inFeature('overview', overviewRoutes(deps)),
    ...inFeature('exports', exportsRoutes(deps)),
    ...inFeature('notifications', notificationsRoutes(deps)),
    // Read when the reference is first asked for, so it describes the whole table, itself included.
    ...inFeature(
      'api-reference',
      apiReferenceRoutes(() => table),
    ),
  ];
  return table;
}

/** Tags a feature's routes with its folder name (server/src/features/<feature>/<feature>.routes.ts). */
function inFeature(feature: string, routes: RouteDefinition[]): TableRoute[] {
  return routes.map((route) => ({ ...route, feature }));
}
