import { TIER_CHANGE_REASONS, TIERS, type Tier, type TierChangeReason } from '@app/common';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './one-of';
import { users } from './users';

// Contract "Quarterly tier review": each change is recorded with who made it; a review applies once per
// quarter and customer (the partial unique index makes a second apply a no-op).
export const tierChanges = pgTable(
  'tier_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromTier: text('from_tier').$type<Tier>().notNull(),
    toTier: text('to_tier').$type<Tier>().notNull(),
    reason: text('reason').$type<TierChangeReason>().notNull(),
    quarter: text('quarter'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tier_changes_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('tier_changes_one_review_per_quarter')
      .on(table.userId, table.quarter)
      .where(sql`${table.reason} = 'quarterly_review'`),
    check('tier_changes_reason_check', oneOf(table.reason, TIER_CHANGE_REASONS)),
    check('tier_changes_from_tier_check', oneOf(table.fromTier, TIERS)),
    check('tier_changes_to_tier_check', oneOf(table.toTier, TIERS)),
  ],
);
