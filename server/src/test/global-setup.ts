import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite, wrapPostgresPool } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { ensureDefaultSettings } from '../features/settings/settings.service';
import { testConfig } from './test-config';

export type DatabaseTemplate = { kind: 'pglite'; imagePath: string } | { kind: 'postgres'; url: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Migrates one database once per run; every test file then starts from a copy of it (docs/decisions/006):
 * a PGlite data-dir image, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const config = testConfig();
  // The root config runs this project once per database (vitest.config.ts): its own env names the database,
  // an empty TEST_DATABASE_URL meaning the embedded one.
  const postgresUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    // A name of its own per run: two runs against one server (two checkouts, CI beside a developer) must
    // not drop each other's template.
    const templateName = `${new URL(postgresUrl).pathname.slice(1) || 'postgres'}_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${templateName}"`);
    const templateUrl = new URL(postgresUrl);
    templateUrl.pathname = `/${templateName}`;
    const handle = wrapPostgresPool(new pg.Pool({ connectionString: templateUrl.toString(), max: 1 }));
    await migrateDatabase(handle);
    await ensureDefaultSettings(handle.db, config);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', url: postgresUrl, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const handle = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
  await migrateDatabase(handle);
  await ensureDefaultSettings(handle.db, config);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await handle.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'rewards-template-'));
  const imagePath = path.join(folder, 'database.tar');
  writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', imagePath });
  return () => rmSync(folder, { recursive: true, force: true });
}
