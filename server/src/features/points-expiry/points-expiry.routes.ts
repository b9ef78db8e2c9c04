import { pointsExpiryRunAnswer } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { deliveryFor } from '../outbox/outbox.service';
import { runExpiryNow } from './points-expiry.service';

export function pointsExpiryRoutes(deps: AppDeps): RouteDefinition[] {
  const delivery = deliveryFor(deps.config);
  return [
    // POST /api/superadmin/points-expiry/run (superadmin) - expires what is past its date now → { customers, points }
    defineRoute({
      method: 'post',
      path: '/superadmin/points-expiry/run',
      access: SUPERADMIN,
      answers: { 200: pointsExpiryRunAnswer },
      handler: ({ db, now, user }) => runExpiryNow({ db, config: deps.config, delivery, now }, user.id),
    }),
  ];
}
