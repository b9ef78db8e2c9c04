import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

const isLive = isNull(addresses.deletedAt);
const ownLive = (userId: string) => and(eq(addresses.userId, userId), isLive);

/** The customer's live addresses: the default first, then newest first. */
export function listLiveAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(ownLive(userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

export async function countLiveAddresses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(addresses).where(ownLive(userId));
  return row?.total ?? 0;
}

/** One of the customer's own live addresses; another customer's (or a deleted one) is not found. */
export async function findLiveAddress(db: DbOrTx, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), ownLive(userId)));
  return row;
}

export async function findDefaultAddress(db: DbOrTx, userId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(ownLive(userId), eq(addresses.isDefault, true)));
  return row;
}

/** The customer's newest live address, the one promoted when the default goes. */
export async function findNewestLiveAddress(db: DbOrTx, userId: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(ownLive(userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}

export async function insertAddress(db: DbOrTx, values: NewAddressRow): Promise<AddressRow> {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

export async function setAddressDefault(db: DbOrTx, id: string, isDefault: boolean): Promise<void> {
  await db.update(addresses).set({ isDefault }).where(eq(addresses.id, id));
}

/** Soft delete: orders keep their own address snapshot; the one-default index counts live rows only. */
export async function softDeleteAddress(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(addresses).set({ deletedAt: now }).where(eq(addresses.id, id));
}

/** A live address by id alone (any owner). */
export async function findAddressById(db: DbOrTx, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), isNull(addresses.deletedAt)));
  return row;
}
