import { SIGN_IN_CODE_LIFETIME_MINUTES } from '@app/common';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { renderSignInCode } from '../notifications/notifications.service';
import { enqueueDirectMessage, type Delivery } from '../outbox/outbox.service';
import { findUserForSignIn, type UserRow } from '../users/users.service';
import {
  countSignInCodesSince,
  insertSignInCode,
  listUsableSignInCodes,
  lockUserForCodes,
  spendSignInCode,
} from './sign-in-codes.repository';

// Contract "Sign-in codes": the owner on a new device while strangers flood the name. A code goes to the user's
// email or through the webhook (which carries the phone number); with the right password it lets one sign-in
// through the limits, counted on its own like a known device.

export const SIGN_IN_CODE_LIFETIME_MS = SIGN_IN_CODE_LIFETIME_MINUTES * 60 * 1000;
export const MAX_SIGN_IN_CODES_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** HMAC of the user's id and the code under a key of its own, derived from JWT_SECRET: only this is stored. */
function hashCode(jwtSecret: string, userId: string, code: string): string {
  const key = createHmac('sha256', jwtSecret).update('sign-in-code').digest();
  return createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
}

/**
 * A new code for this user, or null when three were sent in the last hour; in the caller's transaction, which
 * holds the user's lock so that a burst of requests cannot pass the limit together. Only its hash is kept.
 */
async function issueSignInCode(tx: DbOrTx, jwtSecret: string, userId: string, now: Date): Promise<string | null> {
  await lockUserForCodes(tx, userId);
  const sent = await countSignInCodesSince(tx, userId, new Date(now.getTime() - HOUR_MS));
  if (sent >= MAX_SIGN_IN_CODES_PER_HOUR) return null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSignInCode(tx, {
    userId,
    codeHash: hashCode(jwtSecret, userId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_LIFETIME_MS),
  });
  return code;
}

/** The id of the user's unspent, unexpired code equal to `code`, or null. Compared in constant time. */
export async function findUsableSignInCode(
  db: Db,
  jwtSecret: string,
  user: Pick<UserRow, 'id'>,
  code: string,
  now: Date,
): Promise<string | null> {
  const wanted = Buffer.from(hashCode(jwtSecret, user.id, code), 'hex');
  let found: string | null = null;
  for (const row of await listUsableSignInCodes(db, user.id, now)) {
    if (timingSafeEqual(Buffer.from(row.codeHash, 'hex'), wanted)) found = row.id;
  }
  return found;
}

export { spendSignInCode };

class NothingToSend extends Error {}

/**
 * POST /api/auth/sign-in-code's work, done after the answer has gone (the answer is the same whoever asks, and
 * so is its timing): for a live, unblocked user whom the mail or the webhook reaches and who had fewer than
 * three codes this hour, a code is kept (hashed) and its message written to the outbox in one transaction, so a
 * code exists only if its message will be sent. Anything else sends nothing and says nothing.
 */
export async function sendSignInCode(
  context: { db: Db; delivery: Delivery; jwtSecret: string; now: Date },
  username: string,
): Promise<void> {
  const { db, delivery, jwtSecret, now } = context;
  const user = await findUserForSignIn(db, username);
  if (!user || user.blocked) return;
  try {
    await db.transaction(async (tx) => {
      const code = await issueSignInCode(tx, jwtSecret, user.id, now);
      if (code === null) throw new NothingToSend();
      const queued = await enqueueDirectMessage(tx, delivery, {
        userId: user.id,
        type: 'sign_in_code',
        render: (language) => renderSignInCode(code, SIGN_IN_CODE_LIFETIME_MINUTES, language),
      });
      if (!queued) throw new NothingToSend();
    });
  } catch (error) {
    if (!(error instanceof NothingToSend)) throw error;
  }
}
