import type { AuthenticatedUser } from '../lib/auth';

declare global {
  namespace Express {
    interface Request {
      /** Parsed and validated input (lib/validate.ts); Express 5's req.query is read-only. */
      valid: { body?: unknown; query?: unknown; params?: unknown };
      /** The signed-in user, set by authenticate. */
      user?: AuthenticatedUser;
    }
  }
}

export {};
