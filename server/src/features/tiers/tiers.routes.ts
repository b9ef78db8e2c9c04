import { applyTierReviewSchema, tierReviewAnswer, tierReviewAppliedAnswer, tierReviewQuerySchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { applyTierReview, reviewTiers } from './tier-review.service';

export function tiersRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/superadmin/tier-review?quarter=YYYY-Qn (superadmin) - proposed tiers for every live customer
    defineRoute({
      method: 'get',
      path: '/superadmin/tier-review',
      access: SUPERADMIN,
      answers: { 200: tierReviewAnswer },
      request: { query: tierReviewQuerySchema },
      handler: ({ db, now, input }) => reviewTiers({ db, config: deps.config, now }, input.query.quarter),
    }),

    // POST /api/superadmin/tier-review/apply {quarter} (superadmin) - once per ended quarter; again → 409
    defineRoute({
      method: 'post',
      path: '/superadmin/tier-review/apply',
      access: SUPERADMIN,
      answers: { 200: tierReviewAppliedAnswer },
      request: { body: applyTierReviewSchema },
      handler: ({ db, now, user, input }) => applyTierReview({ db, config: deps.config, now }, user.id, input.body.quarter),
    }),
  ];
}
