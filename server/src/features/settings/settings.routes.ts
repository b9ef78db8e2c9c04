import {
  pointsConversionAnswer,
  pointsConversionSettingsSchema,
  pointsExpiryAnswer,
  pointsExpirySettingsSchema,
  publicSettingsAnswer,
  tierBillingAnswer,
  tierBillingSettingsSchema,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, EVERYONE_SIGNED_IN, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import {
  getPointsConversion,
  getPointsExpiry,
  getPublicSettings,
  getTierBillingRequirements,
  putPointsConversion,
  putPointsExpiry,
  putTierBillingRequirements,
} from './settings.service';

export function settingsRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/settings/public (public) - { productName, supportContacts } for the login footer and help page
    defineRoute({
      method: 'get',
      path: '/settings/public',
      access: 'public',
      answers: { 200: publicSettingsAnswer },
      handler: ({ db }) => getPublicSettings(db, deps.config),
    }),

    // GET /api/superadmin/system/points-conversion (any signed-in user, contract) - { pointsConversion, tierPointsConversion }
    defineRoute({
      method: 'get',
      path: '/superadmin/system/points-conversion',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: pointsConversionAnswer },
      handler: ({ db }) => getPointsConversion(db, deps.config),
    }),

    // PUT /api/superadmin/system/points-conversion (superadmin) - all six tiers, numbers ≥ 0
    defineRoute({
      method: 'put',
      path: '/superadmin/system/points-conversion',
      access: SUPERADMIN,
      answers: { 200: pointsConversionAnswer },
      request: { body: pointsConversionSettingsSchema },
      handler: ({ db, user, input }) => putPointsConversion(db, deps.config, user.id, input.body),
    }),

    // GET /api/superadmin/system/points-expiry (any signed-in user) - { months }, 0: points never expire
    defineRoute({
      method: 'get',
      path: '/superadmin/system/points-expiry',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: pointsExpiryAnswer },
      handler: ({ db }) => getPointsExpiry(db, deps.config),
    }),

    // PUT /api/superadmin/system/points-expiry (superadmin) - { months } 0–120; dates already given stay
    defineRoute({
      method: 'put',
      path: '/superadmin/system/points-expiry',
      access: SUPERADMIN,
      answers: { 200: pointsExpiryAnswer },
      request: { body: pointsExpirySettingsSchema },
      handler: ({ db, user, input }) => putPointsExpiry(db, deps.config, user.id, input.body),
    }),

    // GET /api/superadmin/system/tier-billing-requirements (any signed-in user) - { tierBillingRequirements }
    defineRoute({
      method: 'get',
      path: '/superadmin/system/tier-billing-requirements',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: tierBillingAnswer },
      handler: ({ db }) => getTierBillingRequirements(db, deps.config),
    }),

    // PUT /api/superadmin/system/tier-billing-requirements (superadmin) - all six tiers, never decreasing
    defineRoute({
      method: 'put',
      path: '/superadmin/system/tier-billing-requirements',
      access: SUPERADMIN,
      answers: { 200: tierBillingAnswer },
      request: { body: tierBillingSettingsSchema },
      handler: ({ db, user, input }) => putTierBillingRequirements(db, deps.config, user.id, input.body),
    }),
  ];
}
