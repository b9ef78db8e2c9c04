import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pointsLedger, users } from '../../db/schema';

export type LedgerRow = typeof pointsLedger.$inferSelect;
export type NewLedgerRow = typeof pointsLedger.$inferInsert;

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
