import { LEDGER_TYPES, type LedgerType } from '@app/common';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bills } from './bills';
import { oneOf } from './one-of';
import { orders } from './orders';
import { users } from './users';

// Contract "Domain rules": every change of a balance is a ledger entry; users.available_points is the sum of
// available_delta and users.total_points the sum of total_delta (hundredths of a point).
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order entries were written in (several share one transaction's timestamp): the ledger's reading
    // order and its running balance follow it.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    // The entry's type (contract: bill_entered … adjustment); the column keeps its first name.
    reason: text('reason').$type<LedgerType>().notNull(),
    availableDelta: bigint('available_delta', { mode: 'number' }).notNull(),
    totalDelta: bigint('total_delta', { mode: 'number' }).notNull(),
    billId: uuid('bill_id').references(() => bills.id),
    orderId: uuid('order_id').references(() => orders.id),
    actorId: uuid('actor_id').references(() => users.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('points_ledger_user_idx').on(table.userId, table.createdAt),
    index('points_ledger_user_seq_idx').on(table.userId, table.seq),
    check('points_ledger_reason_check', oneOf(table.reason, LEDGER_TYPES)),
  ],
);
