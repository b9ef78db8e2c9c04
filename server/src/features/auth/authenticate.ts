import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { rememberReaderLanguage } from '../../lib/reader-language';
import { verifySessionToken } from '../../lib/tokens';
import { findUserOfLiveSession } from './sessions.repository';

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Checks the bearer token and re-reads its session and user on every request, so that a logout or a
 * password change (revokes the session; a change, the user's other sessions) or a reset, block or deletion
 * (each bumps token_version) stops the token at once (contract "API conventions"). One query reads the
 * session and its user together; the user's row (less the hash) goes on `req.user.record` for handlers
 * that answer with the caller's own record, so they need no second read.
 */
export function createAuthenticate(deps: AppDeps, options: { allowBeforePasswordReset?: boolean } = {}): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    const claims = verifySessionToken(deps.jwtSecret, token);
    if (!claims) throw new AppError('UNAUTHENTICATED', 'Your session is invalid or has expired. Please sign in again.');
    const user = await findUserOfLiveSession(deps.db, claims.sid, claims.sub, deps.clock.now());
    if (!user || user.tokenVersion !== claims.ver) {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    }
    // The user's own language for every answer from here on, errors included (lib/reader-language.ts).
    rememberReaderLanguage(res, user.language);
    if (user.blocked) throw new AppError('ACCOUNT_BLOCKED', 'Your account is blocked. Please contact support.');
    if (!user.isPasswordReset && !options.allowBeforePasswordReset) {
      // Someone else chose this password: nothing else is open until the user picks their own.
      throw new AppError('FORBIDDEN', 'Please set your own password before continuing.');
    }
    const { passwordHash: _passwordHash, ...record } = user;
    req.user = {
      id: user.id,
      sessionId: claims.sid,
      tokenVersion: claims.ver,
      username: user.username,
      userType: user.userType,
      partyName: user.partyName,
      tier: user.tier,
      isPasswordReset: user.isPasswordReset,
      record,
    };
    next();
  };
}
