import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Takes the key for this request, or takes it over when it has expired (one statement, so a request pays no
 * separate clean-up). Returns false when the key is taken and live; if the transaction that took it is still
 * running, PostgreSQL makes this statement wait until it ends, so the caller then reads a committed answer (or,
 * if that transaction rolled back, takes the key itself).
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  row: { userId: string; key: string; route: string; requestHash: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const { now, ...values } = row;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...values, status: 200, response: sql`'null'::jsonb`, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        route: values.route,
        requestHash: values.requestHash,
        status: 200,
        response: sql`'null'::jsonb`,
        createdAt: now,
        expiresAt: values.expiresAt,
      },
      setWhere: lte(idempotencyKeys.expiresAt, now),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function storeIdempotentResponse(
  db: DbOrTx,
  userId: string,
  key: string,
  answer: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    // jsonb: a body of `undefined` is stored as JSON null.
    .set({ status: answer.status, response: sql`${JSON.stringify(answer.body ?? null)}::jsonb` })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Keys past their expiry (housekeeping: `purgeExpiredIdempotencyKeys`). */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}
