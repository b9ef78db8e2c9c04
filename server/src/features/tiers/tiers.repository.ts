import type { Tier } from '@app/common';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bills, tierChanges, tierReviews, users } from '../../db/schema';

export type NewTierChangeRow = typeof tierChanges.$inferInsert;

export async function insertTierChange(db: DbOrTx, row: NewTierChangeRow): Promise<void> {
  await db.insert(tierChanges).values(row);
}

/** Live customers with what they billed between two calendar days (inclusive), in username order. */
export async function customersWithBilling(db: DbOrTx, from: string, to: string, options: { lock?: boolean } = {}) {
  const billing = db
    .select({ userId: bills.userId, paise: sql<number>`sum(${bills.amountPaise})`.mapWith(Number).as('paise') })
    .from(bills)
    .where(and(isNull(bills.deletedAt), gte(bills.billDate, from), lte(bills.billDate, to)))
    .groupBy(bills.userId)
    .as('billing');
  const query = db
    .select({
      id: users.id,
      username: users.username,
      partyName: users.partyName,
      tier: users.tier,
      billingPaise: sql<number>`coalesce(${billing.paise}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(billing, eq(billing.userId, users.id))
    .where(and(eq(users.userType, 'customer'), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
  return options.lock ? query.for('update', { of: users }) : query;
}

export async function findTierReview(db: DbOrTx, quarter: string) {
  const [row] = await db.select().from(tierReviews).where(eq(tierReviews.quarter, quarter));
  return row;
}

/** Claims the quarter's review; false when it was applied already (or is being applied: this waits for that). */
export async function claimTierReview(db: DbOrTx, row: typeof tierReviews.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(tierReviews).values(row).onConflictDoNothing().returning({ quarter: tierReviews.quarter });
  return inserted.length === 1;
}

export async function setTierReviewChanged(db: DbOrTx, quarter: string, changed: number): Promise<void> {
  await db.update(tierReviews).set({ changed }).where(eq(tierReviews.quarter, quarter));
}

export async function setTiers(db: DbOrTx, tier: Tier, userIds: string[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += 5000) {
    await db
      .update(users)
      .set({ tier, updatedAt: sql`now()` })
      .where(inArray(users.id, userIds.slice(start, start + 5000)));
  }
}

export async function insertTierChanges(db: DbOrTx, rows: NewTierChangeRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2000) await db.insert(tierChanges).values(rows.slice(start, start + 2000));
}
