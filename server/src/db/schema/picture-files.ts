import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (drizzle 0.45's pg-core has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Contract "Items" and `DATA_DIR`: every stored size of every item picture lives in the database, never only on
// one server's disk, so servers sharing one PostgreSQL serve every picture. The key is the relative path the
// picture is served at ("uploads/<name>.webp", "uploads/<name>-w320.webp"); a path's bytes never change, so
// each server may cache them for as long as it likes.
export const pictureFiles = pgTable('picture_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  /** Pixel width of this file (a small upload is kept smaller than the size it was made for). */
  width: integer('width').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
