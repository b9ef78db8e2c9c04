import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The embedded database's buffer cache. PGlite zeroes all of its shared memory when it starts, so these
 * megabytes are resident from the first second, whatever the programme's size. initdb's own choice, 128 MB, cost
 * 64 MB more for no measurable gain on 100,000 customers; 32 MB made their scans up to half as slow again
 * (decision 037). A page outside it is read again from the operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS = '64MB';
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

const createEmbeddedDatabaseScript = fileURLToPath(new URL('./create-embedded-database.mjs', import.meta.url));
// Node's exit code for an option it does not know: a Node without V8's --liftoff-only runs initdb without it.
const BAD_OPTION_EXIT_CODE = 9;

function runCreateEmbeddedDatabase(folder: string, nodeOptions: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, createEmbeddedDatabaseScript, folder, PGLITE_SHARED_BUFFERS], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * A new embedded database in `databaseDir` (empty): initdb runs in a process of its own and the folder is
 * renamed into place when complete, so a start that dies half way leaves no half-made database. In the server's
 * process a first start peaked at 850–890 MB: PGlite runs initdb in a second PostgreSQL of its own, keeps a copy
 * of its 128 MB heap to reset it between runs, and builds the whole folder in memory; all of it was still held
 * when the database started. A process of its own gives everything back when it exits (250 MB at its peak: it
 * keeps only the pages of that heap copy that are not zeros), and compiling PGlite's WebAssembly with the baseline
 * compiler only (--liftoff-only) there spares the optimising compiler's 100 MB and a second (decision 037). The
 * server waits for it with its modules loaded (110 MB compiled, 200 MB under tsx): together 360 and 450 MB.
 */
async function createEmbeddedDatabase(databaseDir: string): Promise<void> {
  const partial = `${databaseDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  let result = await runCreateEmbeddedDatabase(partial, ['--liftoff-only']);
  if (result.code === BAD_OPTION_EXIT_CODE) {
    result = await runCreateEmbeddedDatabase(partial, []);
  }
  if (result.code !== 0 || !existsSync(path.join(partial, 'PG_VERSION'))) {
    await rm(partial, { recursive: true, force: true });
    throw new Error(
      `Could not create the embedded database in ${databaseDir} (exit code ${String(result.code)}):\n${result.output}`,
    );
  }
  await rename(partial, databaseDir);
  // initdb opens PGDATA to its group (PGlite passes --allow-group-access): only this user may enter it.
  if (process.platform !== 'win32') await chmod(databaseDir, 0o700);
}

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
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  logger?: Logger;
  /** The DATA_DIR lock when the caller holds it already (the demo's --fresh, decision 037); it stays the caller's. */
  heldLock?: DataDirLock;
}): Promise<DatabaseHandle> {
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
  const lock: DataDirLock = options.heldLock ?? (await acquireDataDirLock(options.dataDir));
  const releaseLock = () => (options.heldLock ? Promise.resolve() : lock.release());
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await createEmbeddedDatabase(databaseDir);
    const client = await PGlite.create({ dataDir: databaseDir, extensions: pgliteExtensions, startParams: pgliteStartParams });
    // Its files hold the password hashes: only this user may read them, also those written while it ran.
    await keepOwnerOnly(databaseDir).catch(async (error: unknown) => {
      await client.close();
      throw error;
    });
    return wrapPglite(client, async () => {
      try {
        await keepOwnerOnly(databaseDir);
      } finally {
        await releaseLock();
      }
    });
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
