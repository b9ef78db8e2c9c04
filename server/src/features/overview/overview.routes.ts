import { overviewAnswer, overviewQuerySchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, STAFF, type RouteDefinition } from '../../lib/route';
import { getOverview } from './overview.service';

export function overviewRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/admin/overview?months=N (admin, superadmin) - billing, points and orders by month (Asia/Kolkata),
    // orders by status, customers by tier, this quarter's tier standing (contract "running the programme")
    defineRoute({
      method: 'get',
      path: '/admin/overview',
      access: STAFF,
      answers: { 200: overviewAnswer },
      request: { query: overviewQuerySchema },
      handler: ({ db, now, input }) => getOverview({ db, config: deps.config, now }, input.query.months),
    }),
  ];
}
