import type { Tier, UserType } from '@app/common';
import type { RequestHandler } from 'express';
import type { users } from '../db/schema';
import { AppError } from './app-error';

/**
 * The caller's row as authentication read it for this request (without the password hash): handlers that
 * answer with the caller's own record use it instead of reading the user again. It is read on every
 * request, so it is never older than the request and a block or password change still counts at once.
 */
export type AuthenticatedUserRecord = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** The signed-in caller, as features/auth/authenticate.ts found them for this request. */
export type AuthenticatedUser = {
  id: string;
  sessionId: string;
  /** The token's version (`ver`), equal to the user's when authenticated: a password change signs with it. */
  tokenVersion: number;
  username: string;
  userType: UserType;
  partyName: string;
  tier: Tier;
  isPasswordReset: boolean;
  /** The whole row of the session's user, loaded by the same query that checked the session. */
  record: AuthenticatedUserRecord;
};

/** Spec §6, enforced on the server: the route table names the roles; anyone else gets 403. */
export function requireRole(roles: readonly UserType[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    if (!roles.includes(req.user.userType)) {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
    }
    next();
  };
}
