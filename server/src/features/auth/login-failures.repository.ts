import { and, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

/**
 * `deviceId`: the device of a valid device token the attempt carried (contract "Known devices"). Such an
 * attempt is counted per (username, device) only; one without (null) per pair, username and address.
 */
export type LoginFailureKey = { usernameKey: string; address: string; deviceId: string | null };

// Two-key advisory locks (class, hashtext(value)): their own space, apart from single-bigint locks. A hash
// collision only makes two keys wait for each other.
const USERNAME_LOCK_CLASS = 80_201;
const ADDRESS_LOCK_CLASS = 80_202;
const DEVICE_LOCK_CLASS = 80_203;

/**
 * Serialises the check-and-insert of sign-in attempts on one username and on one address until the
 * transaction ends, across every process on the database. Always the username first, then the address, so
 * two attempts never wait on each other in a cycle. An attempt from a known device takes only its
 * (username, device) lock: it is counted there alone, and a stranger's flood on the username or address
 * never makes the owner's device queue behind it.
 */
export async function lockLoginFailureKeys(tx: DbOrTx, key: LoginFailureKey): Promise<void> {
  if (key.deviceId !== null) {
    const deviceKey = `${key.usernameKey}\n${key.deviceId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_LOCK_CLASS}, hashtext(${deviceKey}))`);
    return;
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK_CLASS}, hashtext(${key.usernameKey}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${key.address}))`);
}

export type ReleaseTimes = { pair: Date | null; username: Date | null; address: Date | null };

/** The (allowance + 1)-th newest failure after `since` among `where`'s, as a scalar subquery. */
function nthNewestFailure(db: DbOrTx, where: SQL | undefined, since: Date, allowance: number) {
  return sql`(${db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.failedAt, since)))
    .orderBy(desc(loginFailures.failedAt))
    .offset(allowance)
    .limit(1)})`.mapWith(loginFailures.failedAt);
}

/**
 * For each of the three counts of attempts without a known device, the failure whose leaving the window
 * brings the count back to its allowance: the (allowance + 1)-th newest failure after `since`, or null while
 * the count is within its allowance. Known devices' failures are not in these counts. One statement, each
 * part one range scan on its index.
 */
export async function findReleaseTimes(
  db: DbOrTx,
  key: LoginFailureKey,
  since: Date,
  allowances: { pair: number; username: number; address: number },
): Promise<ReleaseTimes> {
  const withoutDevice = isNull(loginFailures.deviceId);
  const [row] = await db
    .select({
      pair: nthNewestFailure(
        db,
        and(eq(loginFailures.usernameKey, key.usernameKey), eq(loginFailures.address, key.address), withoutDevice),
        since,
        allowances.pair,
      ),
      username: nthNewestFailure(
        db,
        and(eq(loginFailures.usernameKey, key.usernameKey), withoutDevice),
        since,
        allowances.username,
      ),
      address: nthNewestFailure(db, and(eq(loginFailures.address, key.address), withoutDevice), since, allowances.address),
    })
    .from(sql`(select 1) as one`);
  return { pair: row?.pair ?? null, username: row?.username ?? null, address: row?.address ?? null };
}

/** As findReleaseTimes, for the one count of a known device: (username, device). */
export async function findDeviceReleaseTime(
  db: DbOrTx,
  key: LoginFailureKey & { deviceId: string },
  since: Date,
  allowance: number,
): Promise<Date | null> {
  const [row] = await db
    .select({
      device: nthNewestFailure(
        db,
        and(eq(loginFailures.usernameKey, key.usernameKey), eq(loginFailures.deviceId, key.deviceId)),
        since,
        allowance,
      ),
    })
    .from(sql`(select 1) as one`);
  return row?.device ?? null;
}

export async function insertLoginFailure(db: DbOrTx, key: LoginFailureKey, failedAt: Date): Promise<void> {
  await db.insert(loginFailures).values({ usernameKey: key.usernameKey, address: key.address, deviceId: key.deviceId, failedAt });
}

/**
 * A correct password: the failures of its own count no longer count. From a known device, those of this
 * username on that device; otherwise those of this username from this address without a device.
 */
export async function deleteOwnLoginFailures(db: DbOrTx, key: LoginFailureKey): Promise<void> {
  const own =
    key.deviceId === null
      ? and(eq(loginFailures.address, key.address), isNull(loginFailures.deviceId))
      : eq(loginFailures.deviceId, key.deviceId);
  await db.delete(loginFailures).where(and(eq(loginFailures.usernameKey, key.usernameKey), own));
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
