import type { UserType } from '@app/common';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

// How many live (not deleted) users there are of each type, kept by triggers on users (migration 0005) in the
// same transaction as every insert, delete, soft delete or change of type: the users lists read their total
// here instead of counting 100,000 rows on every page (issue 8). Written by the triggers only.
export const liveUserCounts = pgTable('live_user_counts', {
  userType: text('user_type').$type<UserType>().primaryKey(),
  live: integer('live').notNull(),
});
