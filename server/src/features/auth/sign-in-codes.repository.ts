import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInCodes, users } from '../../db/schema';

export async function insertSignInCode(
  db: DbOrTx,
  row: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(signInCodes).values(row);
}

/** How many codes the user was sent since `since` (spent or not): the hourly limit. */
export async function countSignInCodesSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(signInCodes)
    .where(and(eq(signInCodes.userId, userId), gt(signInCodes.createdAt, since)));
  return row?.sent ?? 0;
}

/** The user's codes still usable at `now`: not spent, not expired (at most three an hour). */
export function listUsableSignInCodes(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ id: signInCodes.id, codeHash: signInCodes.codeHash })
    .from(signInCodes)
    .where(and(eq(signInCodes.userId, userId), isNull(signInCodes.spentAt), gt(signInCodes.expiresAt, now)));
}

/** Marks a code spent (used, or dead after too many failures); false when another request spent it first. */
export async function spendSignInCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(signInCodes)
    .set({ spentAt: now })
    .where(and(eq(signInCodes.id, id), isNull(signInCodes.spentAt)))
    .returning({ id: signInCodes.id });
  return spent.length > 0;
}

/** Holds the user's row until the transaction ends: codes for one user are issued one at a time. */
export async function lockUserForCodes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}
