import type { ChangePasswordInput, ChangePasswordResponse, FieldProblem, LoginInput, LoginResponse } from '@app/common';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../../lib/auth';
import { commonPasswordProblem } from '../../lib/password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { SESSION_LIFETIME_SECONDS, signDeviceToken, signSessionToken, verifyDeviceToken } from '../../lib/tokens';
import { deleteExpiredSessions, insertSession, revokeOtherSessions, revokeSession } from './sessions.repository';
import { findLiveUserById, findUserForSignIn, setOwnPasswordHash, toSessionUser, type UserRow } from '../users/users.service';
import { claimLoginAttempt, clearLoginFailures, loginFailureKey, loginVerdictAfterFailure } from './login-throttle';
import { findUsableSignInCode, spendSignInCode } from './sign-in-codes.service';

const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

type SessionContext = { db: Db; jwtSecret: string; now: Date };

async function issueSession(context: SessionContext, user: UserRow, deviceId: string): Promise<LoginResponse> {
  const expiresAt = new Date(context.now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const sessionId = await insertSession(context.db, user, expiresAt);
  // A password change committed between the check and now: the password just checked is not the password.
  if (!sessionId) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  const token = signSessionToken(context.jwtSecret, { sub: user.id, sid: sessionId, ver: user.tokenVersion });
  const deviceToken = signDeviceToken(context.jwtSecret, { sub: user.id, did: deviceId, ver: user.tokenVersion }, context.now);
  // The spec's client stores refreshToken and sends it as the bearer; both carry the same session.
  return { token, refreshToken: token, deviceToken, user: toSessionUser(user) };
}

/**
 * The device of a device token that is valid for this user now: signed by us, with an expiry not passed, and
 * theirs. It survives resets, blocks and password changes (contract "Known devices"; a blocked user is still
 * refused after the password). Anything else, garbage included, is null: the attempt is then counted like one
 * without a token.
 */
function knownDeviceId(context: SessionContext, deviceToken: string | undefined, user: UserRow | undefined): string | null {
  if (deviceToken === undefined || !user) return null;
  const claims = verifyDeviceToken(context.jwtSecret, deviceToken, context.now);
  return claims && claims.sub === user.id ? claims.did : null;
}

/**
 * POST /api/auth/login. One message for an unknown username and a wrong password; a blocked account is told
 * so only after a correct password (contract "API conventions"). Over any sign-in limit the answer is 429
 * before the password is checked, the right one included (login-throttle.ts). An attempt with a valid
 * device token of the user is counted on that device alone, one with a valid sign-in code on that code alone;
 * the answer carries a device token for the next sign-in, for the same device when it came with a valid one.
 */
export async function login(context: SessionContext & { clientAddress: string }, input: LoginInput): Promise<LoginResponse> {
  const { db, now } = context;
  const user = await findUserForSignIn(db, input.username);
  const deviceId = knownDeviceId(context, input.deviceToken, user);
  // Contract "Sign-in codes": a valid code is counted like a device, on (username, code) alone.
  const codeId =
    deviceId === null && user && input.signInCode
      ? await findUsableSignInCode(db, context.jwtSecret, user, input.signInCode, now)
      : null;
  const key = loginFailureKey(input.username, context.clientAddress, deviceId ?? (codeId ? `code:${codeId}` : null));
  const before = await claimLoginAttempt(db, key, now);
  if (before.limited) {
    // Past its limit a code is dead: a new one must be asked for.
    if (codeId) await spendSignInCode(db, codeId, now);
    throw rateLimited(before.retryAfterSeconds);
  }

  const passwordMatches = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);

  if (!user || !passwordMatches) {
    // The claimed attempt stays counted as this failure.
    const after = await loginVerdictAfterFailure(db, key, now);
    if (after.limited) {
      if (codeId) await spendSignInCode(db, codeId, now);
      throw rateLimited(after.retryAfterSeconds);
    }
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await clearLoginFailures(db, key);
  // Used once, whatever follows.
  if (codeId) await spendSignInCode(db, codeId, now);
  if (user.blocked) throw new AppError('ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
  await deleteExpiredSessions(db, now);
  return issueSession(context, user, deviceId ?? randomUUID());
}

/**
 * POST /api/user/change-password (contract "API conventions", issue 7). The current password is required
 * once the user chose their own (isPasswordReset true); while someone else's choice stands, the spec's client
 * sends newPassword alone. The new one must differ from the current one and not be a common password.
 *
 * A missing or wrong current password is 400 VALIDATION_FAILED on `currentPassword`: the caller is signed in
 * and only a field is wrong. Not 401, which the contract keeps for the token and on which the client signs
 * out (client/src/lib/api-client.ts); not 403, which is for what the role or account state forbids.
 *
 * The user's other sessions end; the one that made the change keeps its token (token_version stays), and the
 * answer also carries a fresh token for that same session.
 */
export async function changeOwnPassword(
  context: SessionContext,
  caller: Pick<AuthenticatedUser, 'id' | 'sessionId' | 'tokenVersion'>,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const user = await findLiveUserById(context.db, caller.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');

  // Both bcrypt checks run on every request, whichever answer follows, so the time taken tells nothing.
  const [currentMatches, sameAsCurrent] = await Promise.all([
    verifyPassword(input.currentPassword ?? '', user.passwordHash),
    verifyPassword(input.newPassword, user.passwordHash),
  ]);
  const problems: FieldProblem[] = [];
  if (user.isPasswordReset && !input.currentPassword) {
    problems.push({ field: 'currentPassword', message: 'Current password is required' });
  } else if (user.isPasswordReset && !currentMatches) {
    problems.push({ field: 'currentPassword', message: 'Current password is incorrect' });
  }
  const common = commonPasswordProblem(input.newPassword, 'newPassword');
  if (common) problems.push(common);
  // Said only once the current password is proven (or not asked for): else it would confirm a guess of it.
  else if (sameAsCurrent && problems.length === 0) {
    problems.push({ field: 'newPassword', message: 'Choose a password different from your current one' });
  }
  const [first] = problems;
  if (first) {
    const message = problems.length === 1 ? first.message : 'Some fields are invalid';
    throw new AppError('VALIDATION_FAILED', message, { details: problems });
  }

  const passwordHash = await hashPassword(input.newPassword);
  const updated = await inTransaction(context.db, async (tx) => {
    // Only if nothing changed since the checks above (another change, a reset, block or delete).
    const row = await setOwnPasswordHash(
      tx,
      user.id,
      { passwordHash: user.passwordHash, tokenVersion: caller.tokenVersion },
      passwordHash,
    );
    if (row) await revokeOtherSessions(tx, user.id, caller.sessionId, context.now);
    return row;
  });
  if (!updated) {
    throw new AppError(
      'CONFLICT',
      'Your account changed while the password was being saved; nothing was changed. Please try again.',
    );
  }
  const token = signSessionToken(context.jwtSecret, { sub: user.id, sid: caller.sessionId, ver: caller.tokenVersion });
  return { message: 'Password changed', token, refreshToken: token, user: toSessionUser(updated) };
}

/** POST /api/auth/logout: ends this session only; the user's other devices stay signed in. */
export async function logout(context: { db: Db; now: Date }, sessionId: string): Promise<void> {
  await revokeSession(context.db, sessionId, context.now);
}
