import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the drizzle-kit migrations; already applied ones are skipped, so every start may call it. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as never, { migrationsFolder });
  }
}

// Any fixed number will do, as long as no other code of this product locks it; "Rewards" in ASCII.
const STARTUP_LOCK_KEY = '23192511500674163';

/**
 * Runs start-up work (migrations, the first-start seed) while no other server process on the same
 * PostgreSQL database does: two servers started together on an empty database would otherwise both create
 * the migrations table, or both the first superadmin (issue 7, finding 8). The session-level advisory lock
 * lives on one dedicated connection and ends with it, so a process that dies while holding it frees it.
 * PGlite has one process by construction (the DATA_DIR lock): there the work just runs.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return work();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // A connection that cannot unlock is destroyed instead: ending its session frees the lock as well.
    await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: Error) => (broken = error));
    connection.release(broken);
  }
}
