import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';

export function createHealthHandlers(deps: AppDeps) {
  // GET /api/health (public) - 200 { status: "ok" } when the database answers
  const getHealth: RequestHandler = async (_req, res) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch (error) {
      throw new AppError('INTERNAL', 'The database is not answering', { cause: error });
    }
    res.json({ status: 'ok' });
  };
  return { getHealth };
}
