import { z } from 'zod';
import { instant, pageOf, personReference, recordId } from './fields';

/** One change made by staff: who, what, which record, before, after (as stored, any JSON), when. */
export const auditEntryAnswer = z.object({
  _id: recordId,
  actor: personReference.nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /**
   * The person the record is or belongs to: the user of a user entry, the customer of a bill or an order; null
   * for other records (items, settings, campaigns…). The audit screen's sentences name them ("demo-admin
   * entered bill WB-7001 for demo-dealer").
   */
  subject: personReference.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: instant,
});
export type AuditEntry = z.infer<typeof auditEntryAnswer>;

/** GET /api/superadmin/audit: always paged. */
export const auditPageAnswer = pageOf(auditEntryAnswer);
