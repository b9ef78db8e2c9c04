import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Contract "Quarterly tier review": a quarter's review is applied once. The quarter is the key, so two
// requests or two server processes applying it at once cannot both succeed: the second insert waits for the
// first transaction and then finds the row (409).
export const tierReviews = pgTable('tier_reviews', {
  /** 'YYYY-Qn' */
  quarter: text('quarter').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  appliedBy: uuid('applied_by').references(() => users.id),
  /** How many customers' tiers it changed. */
  changed: integer('changed').notNull(),
});
