import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';

export type LedgerRow = typeof pointsLedger.$inferSelect;
export type NewLedgerRow = typeof pointsLedger.$inferInsert;

/** A live user's row, locked (FOR UPDATE) so that changes of their balances happen one at a time. */
export async function lockLiveUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** Any user's row (a deleted customer's too: a cancelled order still refunds them), locked like lockLiveUser. */
export async function lockUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function insertLedgerEntry(db: DbOrTx, entry: NewLedgerRow): Promise<LedgerRow> {
  const [row] = await db.insert(pointsLedger).values(entry).returning();
  return row!;
}

/** Adds to a user's balances in place (hundredths) and answers them as they are now. */
export async function addToBalances(db: DbOrTx, userId: string, availableDelta: number, totalDelta: number) {
  const [row] = await db
    .update(users)
    .set({
      availablePoints: sql`${users.availablePoints} + ${availableDelta}`,
      totalPoints: sql`${users.totalPoints} + ${totalDelta}`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ availablePoints: users.availablePoints, totalPoints: users.totalPoints });
  return row!;
}

const actors = alias(users, 'actors');

/**
 * A user's ledger, newest first, each entry with the balance just after it (a running sum in the order the
 * entries were written) and who made it; and how many entries there are.
 */
export async function listLedger(db: DbOrTx, userId: string, window: { limit: number; offset: number }) {
  const running = db
    .select({
      id: pointsLedger.id,
      seq: pointsLedger.seq,
      availableAfter: sql<number>`sum(${pointsLedger.availableDelta}) over (order by ${pointsLedger.seq})`
        .mapWith(Number)
        .as('available_after'),
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .as('running');
  const rows = await db
    .select({ entry: pointsLedger, availableAfter: running.availableAfter, actor: { id: actors.id, username: actors.username } })
    .from(pointsLedger)
    .innerJoin(running, eq(running.id, pointsLedger.id))
    .leftJoin(actors, eq(actors.id, pointsLedger.actorId))
    .orderBy(desc(pointsLedger.seq))
    .limit(window.limit)
    .offset(window.offset);
  const [totals] = await db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId));
  return { rows, total: totals?.total ?? 0 };
}
