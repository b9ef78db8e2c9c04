import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Contract "Sign-in codes": a 6-digit code sent to the owner (email or the webhook's phone) that lets a sign-in
// with the right password through the limits on a new device while strangers flood the name. Only an HMAC of the
// code is kept; a code is used once, dies after 5 wrong passwords with it (counted in login_failures like a
// device's), and is valid 10 minutes.
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** HMAC-SHA256 of the user's id and the code under a key derived from JWT_SECRET, hex. */
    codeHash: text('code_hash').notNull(),
    /** From the app's clock, like the sign-in window. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it let a sign-in through, or died; a code with a value here is spent. */
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_codes_user_created_idx').on(table.userId, table.createdAt)],
);
