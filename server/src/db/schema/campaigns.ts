import { TIERS, type Tier } from '@app/common';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Contract "bonus campaigns": bills dated from `from` to `to` of customers at one of `tiers` (null: every tier)
// earn `multiplier` times their points. The multiplier in hundredths (2× is 200). A bill keeps the campaign it
// was entered in (bills.campaign_*), so changing or deleting a campaign never changes a bill already entered.
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    multiplierHundredths: integer('multiplier_hundredths').notNull(),
    tiers: text('tiers').array().$type<Tier[]>(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_dates_idx').on(table.from, table.to),
    check('campaigns_dates_in_order', sql`${table.to} >= ${table.from}`),
    check('campaigns_multiplier_range', sql`${table.multiplierHundredths} > 100 and ${table.multiplierHundredths} <= 1000`),
    check(
      'campaigns_tiers_known',
      sql`${table.tiers} is null or ${table.tiers} <@ array[${sql.raw(TIERS.map((tier) => `'${tier}'`).join(', '))}]::text[]`,
    ),
  ],
);
