import { and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

export type LoginFailureKey = { usernameKey: string; address: string };

// Two-key advisory locks (class, hashtext(value)): their own space, apart from single-bigint locks. A hash
// collision only makes two keys wait for each other.
const USERNAME_LOCK_CLASS = 80_201;
const ADDRESS_LOCK_CLASS = 80_202;

/**
 * Serialises the check-and-insert of sign-in attempts on one username and on one address until the
 * transaction ends, across every process on the database. Always the username first, then the address, so
 * two attempts never wait on each other in a cycle.
 */
export async function lockLoginFailureKeys(tx: DbOrTx, key: LoginFailureKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK_CLASS}, hashtext(${key.usernameKey}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${key.address}))`);
}

export type ReleaseTimes = { pair: Date | null; username: Date | null; address: Date | null };

/**
 * For each of the three counts, the failure whose leaving the window brings the count back to its allowance:
 * the (allowance + 1)-th newest failure after `since`, or null while the count is within its allowance.
 * One statement, each part one range scan on its index.
 */
export async function findReleaseTimes(
  db: DbOrTx,
  key: LoginFailureKey,
  since: Date,
  allowances: { pair: number; username: number; address: number },
): Promise<ReleaseTimes> {
  const nthNewest = (where: SQL | undefined, allowance: number) =>
    sql`(${db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.failedAt, since)))
      .orderBy(desc(loginFailures.failedAt))
      .offset(allowance)
      .limit(1)})`.mapWith(loginFailures.failedAt);
  const [row] = await db
    .select({
      pair: nthNewest(
        and(eq(loginFailures.usernameKey, key.usernameKey), eq(loginFailures.address, key.address)),
        allowances.pair,
      ),
      username: nthNewest(eq(loginFailures.usernameKey, key.usernameKey), allowances.username),
      address: nthNewest(eq(loginFailures.address, key.address), allowances.address),
    })
    .from(sql`(select 1) as one`);
  return { pair: row?.pair ?? null, username: row?.username ?? null, address: row?.address ?? null };
}

export async function insertLoginFailure(db: DbOrTx, key: LoginFailureKey, failedAt: Date): Promise<void> {
  await db.insert(loginFailures).values({ usernameKey: key.usernameKey, address: key.address, failedAt });
}

/** A correct password: the failures of this username from this address no longer count. */
export async function deleteLoginFailuresOfPair(db: DbOrTx, key: LoginFailureKey): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.usernameKey, key.usernameKey), eq(loginFailures.address, key.address)));
}

/**
 * Deletes at most `limit` failures at or before `before`. Rows another purge is deleting are skipped, so
 * concurrent sign-ins never queue behind each other's housekeeping.
 */
export async function purgeLoginFailuresBefore(db: DbOrTx, before: Date, limit: number): Promise<void> {
  const expired = db
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(lte(loginFailures.failedAt, before))
    .limit(limit)
    .for('update', { skipLocked: true });
  await db.delete(loginFailures).where(inArray(loginFailures.id, expired));
}
