import type { ChangePasswordInput, ChangePasswordResponse, LoginInput, LoginResponse } from '@app/common';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { SESSION_LIFETIME_SECONDS, signSessionToken } from '../../lib/tokens';
import { deleteExpiredSessions, insertSession, revokeSession } from './sessions.repository';
import { findLiveUser, findUserForSignIn, setOwnPasswordHash, toSessionUser, type UserRow } from '../users/users.service';
import type { LoginThrottle } from './login-throttle';

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

async function issueSession(context: SessionContext, user: UserRow): Promise<LoginResponse> {
  const expiresAt = new Date(context.now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const sessionId = await insertSession(context.db, user.id, expiresAt);
  const token = signSessionToken(context.jwtSecret, { sub: user.id, sid: sessionId, ver: user.tokenVersion });
  // The spec's client stores refreshToken and sends it as the bearer; both carry the same session.
  return { token, refreshToken: token, user: toSessionUser(user) };
}

/**
 * POST /api/auth/login. One message for an unknown username and a wrong password; a blocked account is told
 * so only after a correct password (contract "API conventions").
 */
export async function login(
  context: SessionContext & { throttle: LoginThrottle; clientAddress: string },
  input: LoginInput,
): Promise<LoginResponse> {
  const { db, throttle, clientAddress } = context;
  const before = throttle.check(input.username, clientAddress);
  if (before.limited) throw rateLimited(before.retryAfterSeconds);

  const user = await findUserForSignIn(db, input.username);
  const passwordMatches = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password), false);

  if (!user || !passwordMatches) {
    throttle.recordFailure(input.username, clientAddress);
    const after = throttle.check(input.username, clientAddress);
    if (after.limited) throw rateLimited(after.retryAfterSeconds);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.blocked) throw new AppError('ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
  await deleteExpiredSessions(db, context.now);
  return issueSession(context, user);
}

/**
 * POST /api/user/change-password. Revokes every older token (token version bump) and answers a fresh session
 * so the device that made the change stays signed in.
 */
export async function changeOwnPassword(
  context: SessionContext,
  userId: string,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  const user = await findLiveUser(context.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await setOwnPasswordHash(context.db, userId, passwordHash);
  if (!updated) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return { message: 'Password changed', ...(await issueSession(context, updated)) };
}

/** POST /api/auth/logout: ends this session only; the user's other devices stay signed in. */
export async function logout(context: { db: Db; now: Date }, sessionId: string): Promise<void> {
  await revokeSession(context.db, sessionId, context.now);
}
