import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteExtensions, wrapPglite, wrapPostgresPool, type DatabaseHandle } from '../db/client';

/** A fresh, migrated database for one test file: a loaded PGlite image, or a copy of the template database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const image = await readFile(template.imagePath);
    const client = await PGlite.create({ loadDataDir: new Blob([image]), extensions: pgliteExtensions });
    return wrapPglite(client);
  }

  const databaseName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE refuses while another file is copying the same template: retry briefly.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE "${databaseName}" TEMPLATE "${template.templateName}"`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${databaseName}`;
  const handle = wrapPostgresPool(new pg.Pool({ connectionString: url.toString(), max: 5 }));
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: template.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A database with no schema at all, of either kind: a fresh embedded one, or a new PostgreSQL database on the
 * server of TEST_DATABASE_URL (dropped by `close`). For what must create its own schema (a restore).
 */
export async function createEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  if (kind === 'pglite') return wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const handle = wrapPostgresPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
