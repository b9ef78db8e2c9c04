import { ORDER_STATUSES, type OrderStatus } from '@app/common';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { addresses } from './addresses';
import { items } from './items';
import { oneOf } from './one-of';
import { users } from './users';

// Contract "Orders": orderIdAlias is derived from the unique sequence number (ORD-000123); the order keeps a
// snapshot of the address and of each line's name and price, so later edits never rewrite history.
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: bigserial('order_number', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull().default('Pending'),
    totalPoints: bigint('total_points', { mode: 'number' }).notNull(),
    addressId: uuid('address_id').references(() => addresses.id),
    addressSnapshot: jsonb('address_snapshot'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_number_unique').on(table.orderNumber),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    check('orders_status_check', oneOf(table.status, ORDER_STATUSES)),
    check('orders_total_not_negative', sql`${table.totalPoints} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    itemName: text('item_name').notNull(),
    // The price as it was at checkout (hundredths): pointsEach = pointsRequired − discount, charged per unit.
    pointsRequired: bigint('points_required', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    pointsEach: bigint('points_each', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    // The picture shown at checkout: a replaced picture stays on disk (decision 011), so this path keeps working.
    image: text('image'),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_range', sql`${table.quantity} BETWEEN 1 AND 5`),
  ],
);

// Issue 11: every change of an order's status, with who made it (the customer placing it, staff after).
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order the changes were written in: several may share one timestamp (one transaction, a fixed clock).
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    changedBy: uuid('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_status_changes_order_idx').on(table.orderId, table.seq),
    check('order_status_changes_to_check', oneOf(table.toStatus, ORDER_STATUSES)),
  ],
);
