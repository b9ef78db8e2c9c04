import { auditPageAnswer, listAuditQuerySchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { listAudit } from './audit.service';

export function auditRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/superadmin/audit (superadmin) - staff changes, newest first; filters action, entity, entityId,
    // actorId, from, to; always paged { items, total, page, limit } (a route beyond the spec)
    defineRoute({
      method: 'get',
      path: '/superadmin/audit',
      access: SUPERADMIN,
      answers: { 200: auditPageAnswer },
      request: { query: listAuditQuerySchema },
      handler: ({ db, input }) => {
        const { page, limit, ...filter } = input.query;
        return listAudit(db, filter, { page, limit });
      },
    }),
  ];
}
