import type { Tier, UserType } from '@app/common';
import type { RequestHandler } from 'express';
import { AppError } from './app-error';

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
