import type { AppDeps } from '../../deps';
import { cachedJsonAnswer } from '../../lib/json-answer';
import { defineRoute, type RouteDefinition } from '../../lib/route';
import { listItems } from './items.service';

/**
 * How long a server process answers the catalogue from memory. The process that changes an item drops its
 * copy at once (after the change commits); another process on the same database shows the change within
 * this time. Checkout and orders always read the database, so a catalogue a second old never prices or
 * sells anything (decision 010).
 */
export const CATALOGUE_CACHE_MS = 1_000;

export function itemsRoutes(deps: AppDeps): RouteDefinition[] {
  const catalogue = cachedJsonAnswer({ ttlMs: CATALOGUE_CACHE_MS, now: () => deps.clock.now().getTime() });
  return [
    // GET /api/item (public) - the catalogue: every item not deleted (contract "Items")
    defineRoute({
      method: 'get',
      path: '/item',
      access: 'public',
      handler: ({ db }) => catalogue.get(() => listItems(db)),
    }),
  ];
}
