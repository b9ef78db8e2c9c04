import { healthAnswer } from '@app/common';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { databaseUnavailableError } from '../../lib/database-errors';
import { defineRoute, type RouteDefinition } from '../../lib/route';

export function healthRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/health (public) - 200 { status: "ok" } when the database answers; 503 DATABASE_UNAVAILABLE when not
    defineRoute({
      method: 'get',
      path: '/health',
      access: 'public',
      answers: { 200: healthAnswer },
      handler: async ({ db }) => {
        try {
          await db.execute(sql`select 1`);
        } catch (error) {
          // Whatever the reason, a database that cannot run `select 1` is unavailable to this server.
          throw databaseUnavailableError(error);
        }
        return { status: 'ok' as const };
      },
    }),
  ];
}
