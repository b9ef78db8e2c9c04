import { z } from 'zod';
import { queryDateSchema } from './dates';
import { idSchema } from './fields';

/** GET /api/superadmin/audit: filters, always paged (a route beyond the spec). */
export const listAuditQuerySchema = z.object({
  action: z.string().trim().min(1).max(100).optional(),
  entity: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: idSchema.optional(),
  from: queryDateSchema.optional(),
  to: queryDateSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;

/** One change made by staff: who, what, which record, before, after, when. */
export type AuditEntry = {
  _id: string;
  actor: { _id: string; username: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};
