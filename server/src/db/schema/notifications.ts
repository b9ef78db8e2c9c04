import { DELIVERY_CHANNELS, NOTIFICATION_TYPES, type DeliveryChannel, type NotificationType } from '@app/common';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './one-of';
import { users } from './users';

// Contract "language and notifications": an inbox row per user per event, written in the transaction of the
// change that caused it. The row keeps the event's values (`params`), not its words: the title and body are
// written in the user's language when the inbox is read, so a change of language changes the inbox too.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<NotificationType>().notNull(),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // The order they were written in, also within one millisecond (the embedded database's clock) or one
    // transaction (one now()): newest first is seq descending, and a page never shuffles ties.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('notifications_user_seq_idx').on(table.userId, table.seq.desc()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
    check('notifications_type_check', oneOf(table.type, NOTIFICATION_TYPES)),
  ],
);

// The outbox: one row per message to send outside the inbox (a mail, a webhook call), written in the same
// transaction as its notification and sent after commit by whichever server claims it first
// (FOR UPDATE SKIP LOCKED plus a lease in `lockedUntil`, so a server that dies mid-send hands it on).
// `payload` is the message as it will be sent, already in the user's language.
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id').references(() => notifications.id),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} IS NULL`),
    check('outbox_channel_check', oneOf(table.channel, DELIVERY_CHANNELS)),
  ],
);
