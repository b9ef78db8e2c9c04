import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** Removed after the run: the servers' DATA_DIRs go inside. */
    scratchDir: string;
  }
}

/** The fault tests need a PostgreSQL server they may create databases and roles on, and end connections of. */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.FAULTS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    throw new Error(
      'npm run test:faults needs PostgreSQL: set FAULTS_DATABASE_URL or TEST_DATABASE_URL to postgres://… of a ' +
        'superuser (it creates and drops its own databases and roles), for example ' +
        'TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/loyalty_test npm run test:faults',
    );
  }
  const client = new pg.Client({ connectionString: postgresUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    if (!rows[0]?.rolsuper) throw new Error('the user is not a superuser');
  } catch (error) {
    throw new Error(`npm run test:faults cannot use ${new URL(postgresUrl).host}: ${String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  project.provide('postgresUrl', postgresUrl);
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'rewards-faults-'));
  project.provide('scratchDir', scratchDir);
  return () => rmSync(scratchDir, { recursive: true, force: true });
}
