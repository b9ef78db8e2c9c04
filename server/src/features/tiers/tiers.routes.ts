import { applyTierReviewSchema, tierReviewAnswer, tierReviewAppliedAnswer, tierReviewQuerySchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { applyTierReview, reviewTiers } from './tier-review.service';
import { deliveryFor } from '../outbox/outbox.service';

export function tiersRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  return [
    // GET /api/superadmin/tier-review?quarter=YYYY-Qn (superadmin) - proposed tiers for every live customer
    defineRoute({
      method: 'get',
      path: '/superadmin/tier-review',
      access: SUPERADMIN,
      answers: { 200: tierReviewAnswer },
      request: { query: tierReviewQuerySchema },
      handler: ({ db, now, input }) => reviewTiers({ db, config: deps.config, delivery, now }, input.query.quarter),
    }),

    // POST /api/superadmin/tier-review/apply {quarter} (superadmin) - once per ended quarter; again → 409
    defineRoute({
      method: 'post',
      path: '/superadmin/tier-review/apply',
      access: SUPERADMIN,
      answers: { 200: tierReviewAppliedAnswer },
      request: { body: applyTierReviewSchema },
      handler: ({ db, now, user, input }) =>
        applyTierReview({ db, config: deps.config, delivery, now }, user.id, input.body.quarter),
    }),
  ];
}
