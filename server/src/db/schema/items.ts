import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Contract "Items": pointsRequired > 0, 0 ≤ discount < pointsRequired, stock ≥ 0 (points in hundredths).
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pointsRequired: bigint('points_required', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    stock: integer('stock').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('items_name_idx').on(table.name),
    check('items_points_required_positive', sql`${table.pointsRequired} > 0`),
    check('items_discount_range', sql`${table.discount} >= 0 AND ${table.discount} < ${table.pointsRequired}`),
    check('items_stock_not_negative', sql`${table.stock} >= 0`),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    // Relative path without a leading slash, e.g. "uploads/3f2a….webp" (contract "Shapes").
    path: text('path').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('item_images_item_idx').on(table.itemId, table.position)],
);
