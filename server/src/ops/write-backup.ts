import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import { knownMigrations } from '../db/migrate';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, rowLinePrefix, type BackupFooter, type BackupHeader } from './backup-format';
import {
  appliedMigrationMillis,
  DERIVED_TABLES,
  openSession,
  quoteIdentifier,
  quoteLiteral,
  readTableShapes,
  type DatabaseSession,
  type TableShape,
} from './database-session';

export type BackupSummary = { file: string; counts: Record<string, number>; bytes: number };

// Rows fetched from the cursor at a time: the memory a backup needs is one page, whatever the programme's size.
// Picture rows carry up to a few hundred kilobytes each, so their pages are smaller.
const PAGE_ROWS = 2_000;
const PAGE_ROWS_WITH_BYTES = 50;

/** The SELECT that turns each row into its JSON line body: to_jsonb, with bytea replaced by base64. */
function rowJsonSelect(table: TableShape): string {
  const byteColumns = table.columns.filter((column) => column.type === 'bytea');
  const base64 = byteColumns.map(
    (column) => `${quoteLiteral(column.name)}, translate(encode(t.${quoteIdentifier(column.name)}, 'base64'), E'\\n', '')`,
  );
  const json = base64.length ? `to_jsonb(t) || jsonb_build_object(${base64.join(', ')})` : 'to_jsonb(t)';
  const order = table.primaryKey.length
    ? ` order by ${table.primaryKey.map((name) => `t.${quoteIdentifier(name)}`).join(', ')}`
    : '';
  return `select (${json})::text as line from ${quoteIdentifier(table.name)} as t${order}`;
}

async function* backupLines(session: DatabaseSession, header: BackupHeader, tables: TableShape[]): AsyncGenerator<string> {
  const hash = createHash('sha256');
  const emit = (text: string) => {
    hash.update(text);
    return text;
  };
  yield emit(`${JSON.stringify(header)}\n`);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    let count = 0;
    const prefix = rowLinePrefix(table.name);
    const pageRows = table.columns.some((column) => column.type === 'bytea') ? PAGE_ROWS_WITH_BYTES : PAGE_ROWS;
    await session.query(`declare backup_rows no scroll cursor for ${rowJsonSelect(table)}`);
    for (;;) {
      const page = await session.query<{ line: string }>(`fetch forward ${pageRows} from backup_rows`);
      if (page.length === 0) break;
      count += page.length;
      yield emit(page.map(({ line }) => `${prefix}${line}}\n`).join(''));
    }
    await session.query('close backup_rows');
    counts[table.name] = count;
  }
  const footer: BackupFooter = { end: true, counts, sha256: hash.digest('hex') };
  yield `${JSON.stringify(footer)}\n`;
}

/**
 * Writes the whole programme to `file` from one REPEATABLE READ, read-only transaction: every table is read
 * from the same snapshot, so a backup taken while servers run on PostgreSQL is consistent (a bill and its
 * ledger entry are both in it or both not). The file appears only when complete (written beside, then renamed).
 */
export async function writeBackup(handle: DatabaseHandle, file: string): Promise<BackupSummary> {
  const session = await openSession(handle);
  const partial = `${file}.partial`;
  try {
    await session.query('begin isolation level repeatable read read only');
    const applied = await appliedMigrationMillis(session);
    const migration = knownMigrations().find((known) => known.when === applied);
    // A database at an older migration of this version (an upgrade not yet started) is backed up as it is: the file
    // names its migration, and a restore by this version or a newer one brings it up to date after loading it.
    if (!migration) {
      throw new BackupError(
        applied === undefined
          ? 'The database has no tables of this programme yet: there is nothing to back up.'
          : 'The database was migrated by another version of the server than this one: back it up with that version.',
      );
    }
    const tables = (await readTableShapes(session)).filter((table) => !DERIVED_TABLES.has(table.name));
    const sequences = await session.query<{ name: string; lastValue: string | null }>(
      `select sequencename as "name", last_value::text as "lastValue" from pg_sequences where schemaname = 'public' order by 1`,
    );
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      schemaMigration: migration.tag,
      createdAt: new Date().toISOString(),
      database: handle.kind,
      tables,
      sequences,
    };

    let counts: Record<string, number> = {};
    let bytes = 0;
    const lines = backupLines(session, header, tables);
    const counted = async function* () {
      for await (const text of lines) {
        if (text.startsWith('{"end":true')) counts = (JSON.parse(text) as BackupFooter).counts;
        yield text;
      }
    };
    // The file holds password hashes: readable by its owner only.
    const output = createWriteStream(partial, { mode: 0o600 });
    output.on('finish', () => (bytes = output.bytesWritten));
    await pipeline(Readable.from(counted()), createGzip(), output);
    await session.query('commit');
    await rename(partial, file);
    return { file, counts, bytes };
  } catch (error) {
    await session.query('rollback').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    session.release();
  }
}
