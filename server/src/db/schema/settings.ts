import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Key/value settings (points conversion, tier tables, product name, support contacts). jsonb numbers are
// PostgreSQL numeric, so rates and requirements stay exact.
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
