import { z } from 'zod';
import type { Tier } from '../constants/tiers';
import { alwaysPagedListQuery, idSchema } from './fields';

// Contract "Beyond the spec: language and notifications": the inbox of every signed-in user.

/** GET /api/user/notifications: always paged (page 1 and 20 a page when not asked). */
export const listNotificationsQuerySchema = alwaysPagedListQuery();
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

/** The most notifications one request marks by id (a page of the inbox at its largest). */
export const MAX_NOTIFICATIONS_MARKED = 100;

/** POST /api/user/notifications/read: `{ ids }` (own notifications by id) or `{ all: true }`, not both. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(idSchema, { error: 'The notifications to mark must be a list of ids' })
      .max(MAX_NOTIFICATIONS_MARKED, `At most ${MAX_NOTIFICATIONS_MARKED} notifications can be marked at once`)
      .optional(),
    all: z.literal(true, { error: 'To mark all notifications as read, send true' }).optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: 'Choose which notifications to mark, or mark them all, but not both',
  });
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

/**
 * What each kind of notification keeps (the `params` of its row): the event's values, never its words, in the
 * API's units (points and amounts as numbers with 2 decimals, tiers by their English names). `points` of a
 * bill or an adjustment is the signed change of the balance; of an order, the order's total (given back when
 * cancelled).
 */
export type NotificationParams = {
  bill_entered: { billNumber: string; points: number; availablePoints: number };
  bill_edited: { billNumber: string; points: number; availablePoints: number };
  bill_deleted: { billNumber: string; points: number; availablePoints: number };
  points_adjusted: { points: number; reason: string; availablePoints: number };
  order_placed: { orderIdAlias: string; points: number };
  order_completed: { orderIdAlias: string; points: number };
  order_cancelled: { orderIdAlias: string; points: number };
  tier_changed: { from: Tier; to: Tier };
  tier_reviewed: { from: Tier; to: Tier; quarter: string };
  /** `on`: the calendar date the points expire (YYYY-MM-DD). */
  points_expiring: { points: number; on: string };
  points_expired: { points: number; on: string; availablePoints: number };
  new_order: { orderIdAlias: string; partyName: string; points: number };
};
