import type { DbOrTx } from '../../db/client';
import {
  deleteOwnLoginFailures,
  findDeviceReleaseTime,
  findReleaseTimes,
  insertLoginFailure,
  lockLoginFailureKeys,
  purgeLoginFailuresBefore,
  type LoginFailureKey,
} from './login-failures.repository';

// Contract "Login": within 15 minutes, more than 5 failures for one username from one client address, more
// than 50 for one username from all addresses, or more than 100 from one client address → 429 until enough
// of them leave the window. A correct password clears its own (username, address) count only, so a stranger
// guessing from elsewhere cannot lock the owner out with a handful of requests. The counts live in the
// database (table login_failures) so every server process sees them and a restart keeps them.
// Contract "Known devices": an attempt that carries a valid device token of the user is counted per
// (username, device) only, more than 5 → 429 for that device; the three limits above neither apply to it nor
// count it, so no stranger, from any number of addresses, can lock the owner's own device out.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_USERNAME = 50;
export const MAX_FAILURES_PER_ADDRESS = 100;
export const MAX_FAILURES_PER_DEVICE = 5;

const ALLOWANCES = {
  pair: MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
  username: MAX_FAILURES_PER_USERNAME,
  address: MAX_FAILURES_PER_ADDRESS,
};

/** Old failures deleted per failure: far more than one failure adds, so the table stays near one window's rows. */
const PURGE_BATCH = 500;

export type LoginVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Usernames are unique regardless of case and trimmed (contract "Users"): so are their counts. `deviceId`:
 * the device of a valid device token of this user, or null (no token, or one that is not valid for them).
 */
export function loginFailureKey(username: string, address: string, deviceId: string | null = null): LoginFailureKey {
  return { usernameKey: username.trim().toLowerCase(), address, deviceId };
}

async function releaseTimes(db: DbOrTx, key: LoginFailureKey, since: Date): Promise<(Date | null)[]> {
  if (key.deviceId !== null) {
    return [await findDeviceReleaseTime(db, { ...key, deviceId: key.deviceId }, since, MAX_FAILURES_PER_DEVICE)];
  }
  const releases = await findReleaseTimes(db, key, since, ALLOWANCES);
  return [releases.pair, releases.username, releases.address];
}

async function verdict(db: DbOrTx, key: LoginFailureKey, now: Date): Promise<LoginVerdict> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const limitedUntil = (await releaseTimes(db, key, since))
    .filter((failedAt) => failedAt !== null)
    .map((failedAt) => failedAt.getTime() + LOGIN_WINDOW_MS);
  if (limitedUntil.length === 0) return { limited: false };
  // Every limit that is passed must release: wait for the latest of them.
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...limitedUntil) - now.getTime()) / 1000)) };
}

/**
 * Before the password is checked. Over a limit: the verdict, and the password is never looked at (so a 429
 * says nothing about it, and the right password waits like a wrong one). Otherwise the attempt is written
 * as a failure in advance, in the same locked transaction as the check: concurrent attempts, in any number
 * of processes, each see the ones before them, so parallel guesses cannot slip past the limits. A correct
 * password then deletes it (clearLoginFailures); a wrong one leaves it as the failure it is.
 */
export async function claimLoginAttempt(db: DbOrTx, key: LoginFailureKey, now: Date): Promise<LoginVerdict> {
  return db.transaction(async (tx) => {
    await lockLoginFailureKeys(tx, key);
    const before = await verdict(tx, key, now);
    if (!before.limited) await insertLoginFailure(tx, key, now);
    return before;
  });
}

/**
 * After a wrong password (its failure already counted): the failure that passes a limit answers 429. Only
 * failures leave rows behind, so this is where rows that left the window are purged, a bounded batch at a time.
 */
export async function loginVerdictAfterFailure(db: DbOrTx, key: LoginFailureKey, now: Date): Promise<LoginVerdict> {
  await purgeLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_WINDOW_MS), PURGE_BATCH);
  return verdict(db, key, now);
}

/**
 * A correct password clears its own count, the claimed attempt included: (username, device) from a known
 * device, else (username, address).
 */
export async function clearLoginFailures(db: DbOrTx, key: LoginFailureKey): Promise<void> {
  await deleteOwnLoginFailures(db, key);
}
