import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { listAudit } from './audit.service';

export const listAuditQuerySchema = z.object({
  action: z.string().trim().min(1).max(100).optional(),
  entity: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: z.string().uuid().optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

export function createAuditHandlers(deps: AppDeps) {
  // GET /api/superadmin/audit (superadmin) - staff changes, newest first; filters action, entity, entityId,
  // actorId, from, to; always paged { items, total, page, limit } (a route beyond the spec)
  const getAudit: RequestHandler = async (req, res) => {
    const { page, limit, ...filter } = req.valid.query as ListAuditQuery;
    res.json(await listAudit(deps.db, filter, { page, limit }));
  };
  return { getAudit };
}
