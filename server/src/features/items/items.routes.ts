import type { AppDeps } from '../../deps';
import { defineRoute, type RouteDefinition } from '../../lib/route';
import { listItems } from './items.service';

export function itemsRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/item (public) - the catalogue: every item not deleted (contract "Items")
    defineRoute({ method: 'get', path: '/item', access: 'public', handler: ({ db }) => listItems(db) }),
  ];
}
