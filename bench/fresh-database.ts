import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '../faults/postgres';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';

export type FreshDatabase = { handle: DatabaseHandle; drop(): Promise<void> };

/**
 * An empty database for one measurement, opened but not migrated: an embedded one in a temporary folder, or a
 * new database on the PostgreSQL server of `postgresUrl` (a superuser: it creates and drops it).
 */
export async function openFreshDatabase(kind: string, prefix: string, postgresUrl: string | undefined): Promise<FreshDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `rewards-${prefix}-`));
    const handle = await openDatabase({ dataDir });
    return {
      handle,
      drop: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('a PostgreSQL measurement needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const fresh = await createFreshDatabase({ adminUrl: postgresUrl, prefix: prefix.replace(/-/g, '_') });
  const handle = await openDatabase({ databaseUrl: fresh.url, dataDir: tmpdir() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}
