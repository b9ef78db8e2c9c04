// `npm run bench:backup`: how long `npm run backup` and `npm run restore` take (decision 017), for a demo-size
// programme (a few hundred rows, 30 pictures) and for 100,000 customers with a ledger entry each, on a fresh
// embedded database and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server as a
// superuser, on scratch databases there. The rows are made by SQL (bcrypt would take longer than the backup);
// the restore goes into a second, empty database of the same kind. BENCH_CUSTOMERS changes the large size.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrateDatabase } from '../server/src/db/migrate';
import { restoreBackup } from '../server/src/ops/restore-backup';
import { writeBackup } from '../server/src/ops/write-backup';
import { fillBackupProgramme } from './backup-programme';
import { openFreshDatabase } from './fresh-database';

const LARGE = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const freshDatabase = (kind: 'pglite' | 'postgres') => openFreshDatabase(kind, 'bench-backup', POSTGRES_URL);

const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(2)} s`;

async function measure(kind: 'pglite' | 'postgres', label: string, customers: number, demo: boolean): Promise<void> {
  const source = await freshDatabase(kind);
  const target = await freshDatabase(kind);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewards-bench-file-')), 'backup.gz');
  try {
    await migrateDatabase(source.handle);
    await fillBackupProgramme(source.handle, customers, demo);
    let started = performance.now();
    const written = await writeBackup(source.handle, file);
    const backupTime = seconds(started);
    started = performance.now();
    await restoreBackup(target.handle, file);
    const restoreTime = seconds(started);
    const rows = Object.values(written.counts).reduce((sum, count) => sum + count, 0);
    const megabytes = (statSync(file).size / 1e6).toFixed(2);
    console.log(
      `| ${kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${label} | ${rows.toLocaleString('en-US')} | ${megabytes} MB | ${backupTime} | ${restoreTime} |`,
    );
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
    await source.drop();
    await target.drop();
  }
}

console.log('| database | programme | rows | file | backup | restore |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const kind of POSTGRES_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  await measure(kind, 'demo size (50 customers, 200 bills, 30 items with pictures)', 50, true);
  await measure(kind, `${LARGE.toLocaleString('en-US')} customers, one ledger entry each`, LARGE, false);
}
