import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bills } from './bills';
import { orders } from './orders';
import { users } from './users';

// Contract "points expiry": every credit of available points is a lot with the date its points expire (null:
// never; a database from before lots has one such lot per customer). Debits take from the lots that expire
// soonest; the points left in a customer's lots always equal max(0, availablePoints) (hundredths of a point).
export const pointLots = pgTable(
  'point_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    // The bill whose points (or campaign bonus) these are: a bill edited down or deleted takes from them first.
    billId: uuid('bill_id').references(() => bills.id),
    expiresOn: date('expires_on', { mode: 'string' }),
    pointsLeft: bigint('points_left', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Spending and `expiring` read a customer's lots with points left, soonest first.
    index('point_lots_user_expiry_idx')
      .on(table.userId, table.expiresOn)
      .where(sql`${table.pointsLeft} > 0`),
    // The expiry run finds the lots past their date with points left.
    index('point_lots_due_idx')
      .on(table.expiresOn)
      .where(sql`${table.pointsLeft} > 0 and ${table.expiresOn} is not null`),
    index('point_lots_bill_idx')
      .on(table.billId)
      .where(sql`${table.billId} is not null`),
    check('point_lots_points_left_not_negative', sql`${table.pointsLeft} >= 0`),
  ],
);

// Which lots an order's points came from: a cancellation gives back the very lots, with their dates.
export const pointLotSpends = pgTable(
  'point_lot_spends',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => pointLots.id),
    points: bigint('points', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.lotId] }),
    check('point_lot_spends_points_positive', sql`${table.points} > 0`),
  ],
);

// The expiry run of a day (Asia/Kolkata), claimed by one server at a time: a server that finds the day's run
// finished, or claimed by another within its lease, leaves it (the run itself is safe to repeat: each customer's
// expired lots are emptied under their row lock, once).
export const pointsExpiryRuns = pgTable('points_expiry_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  claimedBy: text('claimed_by').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  customers: integer('customers').notNull().default(0),
  points: bigint('points', { mode: 'number' }).notNull().default(0),
});

// Contract "points expiry": a customer is reminded once per date, 30 days before points of theirs expire on it.
export const pointsExpiryReminders = pgTable(
  'points_expiry_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.expiresOn] })],
);
