import { z } from 'zod';
import { queryDateSchema } from './dates';
import { alwaysPagedListQuery, idSchema } from './fields';

/**
 * The changes staff make, as the audit log names them (the audit screen offers them as a filter). A filter
 * by another string is allowed and finds nothing.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.block',
  'user.unblock',
  'user.change_tier',
  'user.change_email',
  'user.reset_password',
  'user.delete',
  'points.adjust',
  'points.expiry_run',
  'bill.enter',
  'bill.edit',
  'bill.delete',
  'item.create',
  'item.update',
  'item.delete',
  'order.status',
  'settings.update',
  'tiers.review_apply',
  'campaign.create',
  'campaign.update',
  'campaign.delete',
] as const;

/** The kinds of record the audit log names (its `entity`; the audit screen offers them as a filter). */
export const AUDIT_ENTITIES = ['user', 'bill', 'item', 'order', 'settings', 'tier_review', 'points_expiry', 'campaign'] as const;

/** A bound of a date filter: a calendar day ('YYYY-MM-DD', Asia/Kolkata) or an exact instant. */
export type DateBound = { day: string } | { instant: Date };

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Contract "running the programme": date filters are calendar dates in Asia/Kolkata, both inclusive
 * (`from=D&to=D` holds all of day D); a full timestamp is still taken as the instant it names.
 */
const dateBoundSchema = z
  .string()
  .trim()
  .transform((value, context): DateBound => {
    const parsed = queryDateSchema.safeParse(value);
    // A day that does not exist ('2026-02-30') would roll into the next month: refused, not moved.
    const realDay = parsed.success && parsed.data.toISOString().startsWith(value);
    if (parsed.success && !CALENDAR_DAY.test(value)) return { instant: parsed.data };
    if (parsed.success && realDay) return { day: value };
    context.addIssue({ code: 'custom', message: parsed.error?.issues[0]?.message ?? 'Use a date such as 2026-04-01' });
    return z.NEVER;
  });

/** GET /api/superadmin/audit: filters, always paged (a route beyond the spec). */
export const listAuditQuerySchema = alwaysPagedListQuery(50).extend({
  action: z.string().trim().min(1).max(100).optional(),
  entity: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(100).optional(),
  actorId: idSchema.optional(),
  from: dateBoundSchema.optional(),
  to: dateBoundSchema.optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;
