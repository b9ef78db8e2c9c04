import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { rowsOf } from '../../db/raw-rows';

export type NewOutboxRow = typeof outbox.$inferInsert;

/** The channel every server LISTENs on: a NOTIFY sent in a transaction is delivered only once it commits. */
export const OUTBOX_CHANNEL = 'outbox_due';

export async function insertOutboxRows(db: DbOrTx, rows: NewOutboxRow[]): Promise<void> {
  await db.insert(outbox).values(rows);
  // Wakes the workers after the commit, never before (PostgreSQL holds a NOTIFY until then, and drops it on
  // rollback); several in one transaction arrive as one.
  await db.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}
