import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { named, snapshotRows } from '../../db/snapshot-rows';
import { bills, users } from '../../db/schema';
import { likePattern } from '../../lib/pagination';

export type BillRow = typeof bills.$inferSelect;
export type NewBillRow = typeof bills.$inferInsert;
export type BillCustomerRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'partyName' | 'tier'>;

const customerColumns = { id: users.id, username: users.username, partyName: users.partyName, tier: users.tier };
const isLiveBill = isNull(bills.deletedAt);

export async function findLiveBill(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<BillRow | undefined> {
  const query = db
    .select()
    .from(bills)
    .where(and(eq(bills.id, id), isLiveBill));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Whether a live bill already has this number, regardless of case (other than `exceptId`). */
export async function billNumberTaken(db: DbOrTx, billNumber: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(isLiveBill, sql`lower(${bills.billNumber}) = lower(${billNumber})`, exceptId ? ne(bills.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertBill(db: DbOrTx, values: NewBillRow): Promise<BillRow> {
  const [row] = await db.insert(bills).values(values).returning();
  return row!;
}

export async function updateBill(db: DbOrTx, id: string, patch: Partial<NewBillRow>): Promise<BillRow> {
  const [row] = await db
    .update(bills)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(bills.id, id))
    .returning();
  return row!;
}

export type BillFilter = { q?: string; userId?: string };

function listCondition(filter: BillFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isLiveBill];
  if (filter.userId) conditions.push(eq(bills.userId, filter.userId));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(ilike(bills.billNumber, pattern), ilike(users.username, pattern)));
  }
  return and(...conditions);
}

/** Live bills, newest bill date first, with their customers, and how many match in all. */
export async function listBills(db: DbOrTx, filter: BillFilter, window: { limit: number; offset: number }) {
  const condition = listCondition(filter);
  const rows = await db
    .select({ bill: bills, customer: customerColumns })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .where(condition)
    .orderBy(desc(bills.billDate), desc(bills.createdAt), desc(bills.id))
    .limit(window.limit)
    .offset(window.offset);
  const [totals] = await db.select({ total: count() }).from(bills).innerJoin(users, eq(users.id, bills.userId)).where(condition);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * The bills list (same filter and order as listBills) as it stands when reading begins, in slices (exports:
 * one consistent state however long the download, db/snapshot-rows.ts).
 */
export function snapshotBills(db: Db, filter: BillFilter) {
  const fields = named({
    billNumber: bills.billNumber,
    billDate: bills.billDate,
    amountPaise: bills.amountPaise,
    rateHundredths: bills.rateHundredths,
    tier: bills.tier,
    points: bills.points,
    bonusPoints: bills.bonusPoints,
    campaignName: bills.campaignName,
    createdAt: bills.createdAt,
    username: users.username,
    partyName: users.partyName,
  });
  const query = db
    .select(fields)
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .where(listCondition(filter))
    .orderBy(desc(bills.billDate), desc(bills.createdAt), desc(bills.id));
  return snapshotRows(db, query, fields);
}
