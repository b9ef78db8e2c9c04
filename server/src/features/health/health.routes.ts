import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { defineRoute, type RouteDefinition } from '../../lib/route';

export function healthRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/health (public) - 200 { status: "ok" } when the database answers
    defineRoute({
      method: 'get',
      path: '/health',
      access: 'public',
      handler: async ({ db }) => {
        try {
          await db.execute(sql`select 1`);
        } catch (error) {
          throw new AppError('INTERNAL', 'The database is not answering', { cause: error });
        }
        return { status: 'ok' as const };
      },
    }),
  ];
}
