import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

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

export function wrapPglite(client: PGlite, onClose?: () => Promise<void>): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    async close() {
      await client.close();
      await onClose?.();
    },
  };
}

export function wrapPostgresPool(pool: pg.Pool): DatabaseHandle {
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
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query('select 1');
    return wrapPostgresPool(pool);
  }
  const databaseDir = path.resolve(options.dataDir, 'db');
  await mkdir(databaseDir, { recursive: true });
  const lock: DataDirLock = await acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create({ dataDir: databaseDir });
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}
