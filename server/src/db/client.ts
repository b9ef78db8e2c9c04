import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { keepOwnerOnly } from '../lib/data-dir';
import { describeDatabaseUnavailable } from '../lib/database-errors';
import type { Logger } from '../lib/logger';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { takeTurns } from './turns';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service decides where the transaction begins (house style 4.2). */
export type DbOrTx = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

/**
 * The extensions every PGlite of this product loads (migration 0004 creates pg_trgm for the users search).
 * Pass them wherever a PGlite is created, a loaded data-dir image included: the image holds the extension's
 * catalogue entries, not its code.
 */
export const pgliteExtensions = { pg_trgm };

export function wrapPglite(client: PGlite, onClose?: () => Promise<void>): DatabaseHandle {
  return {
    // Statements and transactions in arrival order, each from a fresh turn of the event loop (db/turns.ts).
    db: drizzlePglite(takeTurns(client), { schema }),
    kind: 'pglite',
    async close() {
      await client.close();
      await onClose?.();
    },
  };
}

// A request waits at most this long for a connection (a new one, or a free one of the pool), then answers 503
// instead of hanging while the database is unreachable.
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A connection that dies (a database restart, a failover, pg_terminate_backend, a proxy closing idle
 * connections) makes its client emit 'error', idle in the pool or checked out by a transaction; with no
 * listener that ends the process. The pool drops such clients and connects anew on the next query.
 */
function surviveLostConnections(pool: pg.Pool, logger?: Pick<Logger, 'warn'>): void {
  // Idle clients: the pool re-emits their error; each client's own listener below has logged it already.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      logger?.warn({ database: describeDatabaseUnavailable(error) }, 'lost a PostgreSQL connection; the pool will reconnect'),
    );
  });
}

export function wrapPostgresPool(pool: pg.Pool, logger?: Pick<Logger, 'warn'>): DatabaseHandle {
  surviveLostConnections(pool, logger);
  return {
    db: drizzlePostgres(pool, { schema }),
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/**
 * Opens the database the configuration names: a PostgreSQL server when DATABASE_URL is set, otherwise the
 * embedded PGlite under DATA_DIR guarded by a lock file (two processes on one folder lose writes).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; logger?: Logger }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keep-alive notices a peer that vanished without closing (a failover, a dropped NAT entry).
      keepAlive: true,
    });
    const handle = wrapPostgresPool(pool, options.logger);
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end();
      throw error;
    }
    return handle;
  }
  // Only this server's user may read the folder: the database files hold password hashes (issue 7).
  const databaseDir = path.resolve(options.dataDir, 'db');
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const lock: DataDirLock = await acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create({ dataDir: databaseDir, extensions: pgliteExtensions });
    // Its files hold the password hashes: only this user may read them, also those written while it ran.
    await keepOwnerOnly(databaseDir).catch(async (error: unknown) => {
      await client.close();
      throw error;
    });
    return wrapPglite(client, async () => {
      try {
        await keepOwnerOnly(databaseDir);
      } finally {
        await lock.release();
      }
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}
