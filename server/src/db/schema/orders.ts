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
    pointsEach: bigint('points_each', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_range', sql`${table.quantity} BETWEEN 1 AND 5`),
  ],
);
