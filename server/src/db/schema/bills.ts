import { TIERS, type Tier } from '@app/common';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { oneOf } from './one-of';
import { users } from './users';

// Contract "Bills": the bill keeps the rate and points it was entered with. Amount in paise, rate in
// hundredths of a rupee per point, points in hundredths.
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billNumber: text('bill_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    rateHundredths: bigint('rate_hundredths', { mode: 'number' }).notNull(),
    // The customer's tier when the bill was entered, whose rate priced it (issue 9): later tier or rate
    // changes never reprice a bill.
    tier: text('tier').$type<Tier>().notNull().default('NoTier'),
    points: bigint('points', { mode: 'number' }).notNull(),
    // Contract "bonus campaigns": the campaign the bill was entered in (its name and multiplier kept, so an edit
    // recomputes the bonus with them even after the campaign changed or went), and the bonus it earned.
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    campaignName: text('campaign_name'),
    bonusMultiplierHundredths: integer('bonus_multiplier_hundredths'),
    bonusPoints: bigint('bonus_points', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bills_number_lower_unique')
      .on(sql`lower(${table.billNumber})`)
      .where(sql`${table.deletedAt} IS NULL`),
    index('bills_user_date_idx').on(table.userId, table.billDate),
    check('bills_amount_positive', sql`${table.amountPaise} > 0`),
    check('bills_points_not_negative', sql`${table.points} >= 0`),
    check('bills_bonus_not_negative', sql`${table.bonusPoints} >= 0`),
    check('bills_tier_check', oneOf(table.tier, TIERS)),
  ],
);
