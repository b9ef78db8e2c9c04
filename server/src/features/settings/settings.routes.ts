import type { AppDeps } from '../../deps';
import { defineRoute, type RouteDefinition } from '../../lib/route';
import { getPublicSettings } from './settings.service';

export function settingsRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/settings/public (public) - { productName, supportContacts } for the login footer and help page
    defineRoute({
      method: 'get',
      path: '/settings/public',
      access: 'public',
      handler: ({ db }) => getPublicSettings(db, deps.config),
    }),
  ];
}
