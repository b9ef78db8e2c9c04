import { LANGUAGES, TIERS, USER_TYPES, type Language, type Tier, type UserType } from '@app/common';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './one-of';

// Points are integer hundredths (docs/decisions/003). Deleted users keep their row so that bills,
// orders and the ledger still point somewhere (contract "Users").
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    partyName: text('party_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').$type<UserType>().notNull(),
    tier: text('tier').$type<Tier>().notNull().default('NoTier'),
    availablePoints: bigint('available_points', { mode: 'number' }).notNull().default(0),
    totalPoints: bigint('total_points', { mode: 'number' }).notNull().default(0),
    // Contract "language and notifications": the user's language, on every device, and an optional email.
    language: text('language').$type<Language>().notNull().default('en'),
    email: text('email'),
    blocked: boolean('blocked').notNull().default(false),
    isPasswordReset: boolean('is_password_reset').notNull().default(false),
    // Bumped by password change, reset, block and delete: every token carrying an older version is refused.
    tokenVersion: integer('token_version').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Unique regardless of case among live users; a deleted user's name may be given to someone new.
    uniqueIndex('users_username_lower_unique')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.deletedAt} IS NULL`),
    index('users_type_idx').on(table.userType),
    // The staff search is ILIKE '%q%' on username and party name (users.repository listCondition): trigram
    // GIN indexes answer it without reading every row (the pg_trgm extension, created by migration 0004).
    index('users_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
    index('users_party_name_trgm_idx').using('gin', table.partyName.op('gin_trgm_ops')),
    check('users_user_type_check', oneOf(table.userType, USER_TYPES)),
    check('users_tier_check', oneOf(table.tier, TIERS)),
    check('users_language_check', oneOf(table.language, LANGUAGES)),
  ],
);
