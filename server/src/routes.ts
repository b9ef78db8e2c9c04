import type { AppDeps } from './deps';
import { addressesRoutes } from './features/addresses/addresses.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { authRoutes } from './features/auth/auth.routes';
import { billsRoutes } from './features/bills/bills.routes';
import { cartRoutes } from './features/cart/cart.routes';
import { healthRoutes } from './features/health/health.routes';
import { itemsRoutes } from './features/items/items.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { tiersRoutes } from './features/tiers/tiers.routes';
import { usersRoutes } from './features/users/users.routes';
import type { RouteDefinition } from './lib/route';

/**
 * The one table of API routes: each feature declares its own (path, roles, schemas, limits, handler) in its
 * <feature>.routes.ts, and this list puts them together. api-router.ts mounts them under /api; the route
 * test walks this table to prove every protected route refuses anonymous callers and every other role.
 */
export function routeTable(deps: AppDeps): RouteDefinition[] {
  return [
    ...healthRoutes(deps),
    ...settingsRoutes(deps),
    ...authRoutes(deps),
    ...usersRoutes(deps),
    ...auditRoutes(deps),
    ...itemsRoutes(deps),
    ...billsRoutes(deps),
    ...ledgerRoutes(deps),
    ...tiersRoutes(deps),
    ...cartRoutes(deps),
    ...addressesRoutes(deps),
    ...ordersRoutes(deps),
    ...overviewRoutes(deps),
  ];
}
