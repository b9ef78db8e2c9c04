import type { DeliveryChannel } from '@app/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { outbox, users } from '../../db/schema';

export type NewOutboxRow = typeof outbox.$inferInsert;

/** A claimed row: leased to this server until `lockedUntil`, `attempts` already counting this one. */
export type ClaimedRow = {
  id: number;
  channel: DeliveryChannel;
  payload: Record<string, unknown>;
  attempts: number;
};

/** The channel every server LISTENs on: a NOTIFY sent in a transaction is delivered only once it commits. */
export const OUTBOX_CHANNEL = 'outbox_due';

/** What a message needs of its recipient: a live (not deleted) user's address, language and webhook fields. */
export async function findRecipient(db: DbOrTx, userId: string) {
  const [recipient] = await db
    .select({ email: users.email, language: users.language, username: users.username, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return recipient;
}

export async function insertOutboxRows(db: DbOrTx, rows: NewOutboxRow[]): Promise<void> {
  await db.insert(outbox).values(rows);
}

/**
 * Wakes the workers of every server after the commit, never before: PostgreSQL holds a NOTIFY until the
 * transaction commits and drops it on rollback.
 */
export async function notifyWorkers(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Leases up to `limit` due rows of these channels to the caller, in one statement. SKIP LOCKED lets servers
 * claim side by side without waiting for each other or taking the same row; the lease hands a row on when
 * the server that took it dies before it could say how the sending went.
 */
export async function claimDueRows(
  db: DbOrTx,
  options: { channels: DeliveryChannel[]; limit: number; leaseMs: number },
): Promise<ClaimedRow[]> {
  const channels = sql.join(
    options.channels.map((channel) => sql`${channel}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE outbox
       SET locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
          AND channel IN (${channels})
        ORDER BY id
        LIMIT ${options.limit}
          FOR UPDATE SKIP LOCKED)
    RETURNING id, channel, payload, attempts`);
  return rowsOf<{ id: number | string; channel: DeliveryChannel; payload: Record<string, unknown>; attempts: number }>(result)
    .map((row) => ({ ...row, id: Number(row.id) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * One message sent, recorded at once on its own (issue 30): a server killed after this write sends it never
 * again, so a crash repeats at most the messages that were in flight, not the rest of a batch.
 */
export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outbox.id, id));
}

/** A failed attempt: due again after `retryInMs`, or never (`retryInMs` null: given up, the row is kept). */
export async function markFailed(db: DbOrTx, id: number, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(outbox)
    .set({
      nextAttemptAt: retryInMs === null ? sql`'infinity'::timestamptz` : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
      lockedUntil: null,
      lastError: error,
    })
    .where(sql`${outbox.id} = ${id}`);
}

/**
 * Makes every row of a channel that is waiting out its back-off due now: a send of that channel has just
 * succeeded after failures, so the receiver is back and the backlog need not wait up to 10 minutes a row.
 */
export async function releaseBackedOff(db: DbOrTx, channel: DeliveryChannel): Promise<void> {
  await db.execute(sql`
    UPDATE outbox SET next_attempt_at = now()
     WHERE channel = ${channel} AND sent_at IS NULL AND attempts > 0
       AND next_attempt_at > now() AND next_attempt_at < 'infinity'::timestamptz`);
}
