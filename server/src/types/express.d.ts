import type { AuthenticatedUser } from '../lib/auth';
import type { Logger } from '../lib/logger';

declare global {
  namespace Express {
    interface Request {
      /** Parsed and validated input (lib/validate.ts); Express 5's req.query is read-only. */
      valid: { body?: unknown; query?: unknown; params?: unknown };
      /** The signed-in user, set by authenticate. */
      user?: AuthenticatedUser;
      /** The request id (X-Request-Id), set by lib/request-logger.ts. */
      id: string;
      /** A logger that stamps the request id on each line (lib/request-logger.ts). */
      log: Logger;
    }
  }
}

export {};
