import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { DatabaseHandle } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

type JournalEntry = { idx: number; when: number; tag: string };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

const readJournal = (): Journal =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The migrations this version of the server knows, oldest first (drizzle-kit's journal). */
export function knownMigrations(): { when: number; tag: string }[] {
  return [...readJournal().entries].sort((a, b) => a.idx - b.idx).map(({ when, tag }) => ({ when, tag }));
}

/**
 * A folder holding the migrations up to `tag` only (the journal cut there, the same SQL files), for bringing a
 * database to an older migration: a backup made by an older version is restored at its own migration, then
 * upgraded (ops/restore-backup.ts). Removed by `remove`.
 */
function migrationsUpTo(tag: string): { folder: string; remove: () => void } {
  const journal = readJournal();
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const last = entries.findIndex((entry) => entry.tag === tag);
  if (last === -1) throw new Error(`unknown migration ${tag}`);
  const folder = mkdtempSync(path.join(tmpdir(), 'rewards-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const kept = entries.slice(0, last + 1);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Applies the drizzle-kit migrations, all of them or those up to `upTo`; already applied ones are skipped, so
 * every start may call it.
 */
export async function migrateDatabase(handle: DatabaseHandle, options: { upTo?: string } = {}): Promise<void> {
  const partial = options.upTo === undefined ? undefined : migrationsUpTo(options.upTo);
  const config = { migrationsFolder: partial?.folder ?? migrationsFolder };
  try {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as never, config);
    } else {
      await migratePostgres(handle.db as never, config);
    }
  } finally {
    partial?.remove();
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
