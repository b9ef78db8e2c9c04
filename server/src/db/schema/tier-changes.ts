import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    fromTier: text('from_tier').notNull(),
    toTier: text('to_tier').notNull(),
    reason: text('reason').notNull(),
    quarter: text('quarter'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tier_changes_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('tier_changes_one_review_per_quarter')
      .on(table.userId, table.quarter)
      .where(sql`${table.reason} = 'quarterly_review'`),
    check('tier_changes_reason_check', sql`${table.reason} IN ('manual', 'quarterly_review')`),
  ],
);
