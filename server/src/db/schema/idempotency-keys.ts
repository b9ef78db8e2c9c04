import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// lib/idempotency.ts: a request sent again with the same Idempotency-Key gets the first answer (contract
// "Checkout"; the import job too). The row is written in the same transaction as the work it guards, so the
// work and its stored answer commit together or not at all.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** "POST /admin/customer-imports": a key belongs to one route. */
    route: text('route').notNull(),
    /** sha256 of the request body: the same key with another body is refused (409). */
    requestHash: text('request_hash').notNull().default(''),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
    check('idempotency_keys_status_range', sql`${table.status} BETWEEN 200 AND 299`),
  ],
);
