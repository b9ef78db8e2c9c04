import { CUSTOMER_IMPORT_STATUSES, type CustomerImportStatus, type ErrorCode, type ImportRowDetail } from '@app/common';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './one-of';
import { users } from './users';

// Bulk customer import jobs (docs/decisions/007): their state lives here so that every server process can
// answer a poll and a restart cannot lose track of one. The rows being imported (with their passwords) are
// never stored: they stay in the memory of the process that runs the job, so a job whose process stopped
// can only fail, and adds nobody.
export const customerImports = pgTable(
  'customer_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<CustomerImportStatus>().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    /** Ids of the customers added, in the file's order (completed jobs). */
    addedUserIds: jsonb('added_user_ids').$type<string[]>(),
    error: jsonb('error').$type<{ message: string; code: ErrorCode; details?: ImportRowDetail[] }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The running process touches this at least every few seconds; a job left behind goes stale. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_imports_owner_idx').on(table.ownerId, table.createdAt),
    check('customer_imports_status_check', oneOf(table.status, CUSTOMER_IMPORT_STATUSES)),
  ],
);
