import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import { knownMigrations, migrateDatabase, withStartupLock } from '../db/migrate';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupDamagedError,
  BackupError,
  backupFooterSchema,
  backupHeaderSchema,
  latestMigrationTag,
  ROW_LINE_PATTERN,
  type BackupFooter,
  type BackupHeader,
} from './backup-format';
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
import { findInconsistencies } from './restore-checks';

export type RestoreSummary = { counts: Record<string, number>; createdAt: string };

// A header is a few kilobytes; a first "line" longer than this is not one of ours (and is not read whole).
const MAX_HEADER_BYTES = 1 << 20;
// Rows sent in one INSERT: bounded by count and by size, so 100,000 customers or a table of pictures never sit
// in memory at once.
const BATCH_ROWS = 1_000;
const BATCH_CHARS = 4 << 20;

/** The file's lines, decompressed as they are read; gzip errors become messages an operator can act on. */
async function* readLines(file: string): AsyncGenerator<string> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`);
  });
  const magic = Buffer.alloc(2);
  const { bytesRead } = await handle.read(magic, 0, 2, 0);
  await handle.close();
  if (bytesRead < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) {
    throw new BackupError(`${file} is not a backup of this programme (not a gzip file).`);
  }
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let sawLine = false;
  const input = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending += decoder.write(chunk);
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        sawLine = true;
        yield pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      // A foreign file without line ends would otherwise be read whole before the header check can refuse it.
      if (!sawLine && pending.length > MAX_HEADER_BYTES) throw new BackupError(`${file} is not a backup of this programme.`);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // A file cut short and one whose damage makes gzip read past its end look the same from here.
    throw new BackupDamagedError(
      code === 'Z_BUF_ERROR' || /unexpected end/i.test(String(error))
        ? `${file} is damaged or truncated (it ends in the middle of its data): nothing was restored.`
        : `${file} is damaged (${(error as Error).message}): nothing was restored.`,
    );
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

/** A first line that is no header of ours: a foreign file, or a backup damaged in its first bytes. */
class UnreadableHeaderError extends BackupError {}

const checksumMismatch = (file: string) =>
  new BackupDamagedError(
    `${file} is damaged or was changed after it was written (its checksum does not match): nothing was restored.`,
  );

function parseFooter(line: string | undefined): BackupFooter | undefined {
  try {
    const footer = backupFooterSchema.safeParse(line === undefined ? undefined : JSON.parse(line));
    return footer.success ? footer.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After `error` in the middle of the file, reads the rest of it: when its gzip or its checksum fails, the file is
 * damaged, and that is what the operator is told (a byte flipped in the middle garbles the lines after it long
 * before gzip's own check at the end). `hash` has every line before `unhashed`, the last line read.
 */
async function damageOr(
  error: unknown,
  lines: AsyncGenerator<string>,
  hash: Hash,
  unhashed: string | undefined,
  file: string,
): Promise<unknown> {
  if (error instanceof BackupDamagedError) return error;
  let last = unhashed;
  try {
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (last !== undefined) hash.update(`${last}\n`);
      last = next.value;
    }
  } catch (readError) {
    return readError instanceof BackupDamagedError ? readError : error;
  }
  const footer = parseFooter(last);
  return footer && footer.sha256 !== hash.digest('hex') ? checksumMismatch(file) : error;
}

/** Reads and checks the header: the first thing looked at, before the database is touched. */
function parseHeader(line: string | undefined, file: string): BackupHeader {
  let parsed: unknown;
  try {
    parsed = line === undefined || line.length > MAX_HEADER_BYTES ? undefined : JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  const format = (parsed as { format?: unknown } | undefined)?.format;
  if (format !== BACKUP_FORMAT)
    throw new UnreadableHeaderError(`${file} is not a backup of this programme (no "${BACKUP_FORMAT}" header).`);
  const version = (parsed as { version?: unknown }).version;
  if (version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup in format version ${String(version)}; this version reads version ${BACKUP_VERSION}.`,
    );
  }
  const header = backupHeaderSchema.safeParse(parsed);
  if (!header.success) throw new UnreadableHeaderError(`${file} has a damaged header: nothing was restored.`);
  return header.data;
}

/**
 * A backup of this version or an older one (restored at its own migration, then upgraded); one made by a newer
 * version is refused.
 */
function checkHeader(line: string | undefined, file: string): BackupHeader {
  const header = parseHeader(line, file);
  if (!knownMigrations().some((migration) => migration.tag === header.schemaMigration)) {
    throw new BackupError(
      `${file} was made at migration ${header.schemaMigration}, which this version does not know (a newer version ` +
        `made it; this one is at ${latestMigrationTag()}). Restore it with that version or a newer one.`,
    );
  }
  return header;
}

/**
 * Reads the first line and checks it as the header, with the checksum's hash begun. A line that is no header
 * of ours is a foreign file, unless the rest of the file shows it damaged.
 */
async function openBackup(lines: AsyncGenerator<string>, file: string): Promise<{ header: BackupHeader; hash: Hash }> {
  const first = await lines.next();
  const hash = createHash('sha256');
  if (!first.done) hash.update(`${first.value}\n`);
  try {
    return { header: checkHeader(first.done ? undefined : first.value, file), hash };
  } catch (error) {
    throw error instanceof UnreadableHeaderError ? await damageOr(error, lines, hash, undefined, file) : error;
  }
}

/** Checks the file's header without a database: the command refuses a foreign file before it opens or creates one. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file);
  try {
    return (await openBackup(lines, file)).header;
  } finally {
    await lines.return(undefined);
  }
}

/** The target must have exactly the tables and columns of the file: the same migration made both. */
function checkShapes(header: BackupHeader, target: TableShape[]): void {
  const targetByName = new Map(target.map((table) => [table.name, table]));
  const columnsOf = (table: TableShape) => table.columns.map((column) => `${column.name} ${column.type}`).join(', ');
  const fileNames = new Set(header.tables.map((table) => table.name));
  for (const table of header.tables) {
    const mine = targetByName.get(table.name);
    if (!mine || columnsOf(mine) !== columnsOf(table)) {
      throw new BackupError(`The table ${table.name} of the backup does not match this database's: nothing was restored.`);
    }
  }
  const missing = target.filter((table) => !fileNames.has(table.name) && !DERIVED_TABLES.has(table.name));
  if (missing.length) throw new BackupError(`The backup has no table ${missing[0]!.name}: nothing was restored.`);
}

async function refuseUnlessEmpty(session: DatabaseSession, tables: TableShape[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    if (DERIVED_TABLES.has(table.name)) continue;
    const [row] = await session.query<{ present: boolean }>(
      `select exists (select 1 from ${quoteIdentifier(table.name)}) as present`,
    );
    if (row?.present) filled.push(table.name);
  }
  if (filled.length) {
    throw new BackupError(
      `The database is not empty (rows in ${filled.join(', ')}): a backup is restored only into an empty database, ` +
        'so nothing was changed. Use a new DATA_DIR or a new PostgreSQL database, restore, and only then start the server.',
    );
  }
}

/** INSERT … SELECT from a JSON array of rows; bytea columns come back from base64, identity values are kept. */
function insertStatement(table: TableShape): string {
  const byteColumns = table.columns.filter((column) => column.type === 'bytea').map((column) => column.name);
  const names = table.columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const values = table.columns
    .map((column) =>
      byteColumns.includes(column.name)
        ? `decode(j.value ->> ${quoteLiteral(column.name)}, 'base64')`
        : `p.${quoteIdentifier(column.name)}`,
    )
    .join(', ');
  const source = byteColumns.length ? `j.value - array[${byteColumns.map(quoteLiteral).join(', ')}]::text[]` : 'j.value';
  return (
    `insert into ${quoteIdentifier(table.name)} (${names}) overriding system value ` +
    `select ${values} from jsonb_array_elements($1::jsonb) as j(value), ` +
    `jsonb_populate_record(null::${quoteIdentifier(table.name)}, ${source}) as p`
  );
}

/**
 * Sequences continue after the restored rows: the greater of the highest value in their column and the value
 * the backup recorded (so an order number given to a rolled-back checkout is not given again either).
 */
async function resumeSequences(session: DatabaseSession, header: BackupHeader): Promise<void> {
  const recorded = new Map(header.sequences.map((sequence) => [sequence.name, sequence.lastValue]));
  const owned = await session.query<{ sequence: string; table: string; column: string }>(
    `select s.relname as sequence, t.relname as table, a.attname as column
     from pg_class s
     join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace`,
  );
  const ownedNames = new Set(owned.map((sequence) => sequence.sequence));
  for (const { sequence, table, column } of owned) {
    const [row] = await session.query<{ highest: string | null }>(
      `select max(${quoteIdentifier(column)})::text as highest from ${quoteIdentifier(table)}`,
    );
    const candidates = [row?.highest, recorded.get(sequence)].filter((value): value is string => value != null).map(BigInt);
    const next = candidates.reduce((highest, value) => (value > highest ? value : highest), 0n);
    await session.query(
      next > 0n ? `select setval($1::regclass, $2::bigint, true)` : `select setval($1::regclass, 1, false)`,
      next > 0n ? [quoteIdentifier(sequence), next.toString()] : [quoteIdentifier(sequence)],
    );
  }
  for (const [sequence, lastValue] of recorded) {
    if (ownedNames.has(sequence) || lastValue === null) continue;
    const [exists] = await session.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
      quoteIdentifier(sequence),
    ]);
    if (exists?.present)
      await session.query(`select setval($1::regclass, $2::bigint, true)`, [quoteIdentifier(sequence), lastValue]);
  }
}

/**
 * Loads `file` into the database, which must be empty (its schema is migrated first; a fresh database is fine).
 * Everything happens in one transaction that commits only after the footer's counts and checksum match and the
 * rows add up (every balance equals its ledger, restore-checks.ts): a truncated, damaged, edited or foreign file
 * leaves the database as it was.
 */
export async function restoreBackup(handle: DatabaseHandle, file: string): Promise<RestoreSummary> {
  const lines = readLines(file);
  let opened: { header: BackupHeader; hash: Hash };
  try {
    opened = await openBackup(lines, file);
  } catch (error) {
    await lines.return(undefined);
    throw error;
  }
  const { header, hash } = opened;

  // A backup of an older version goes in at the migration that made it; the newer migrations run after the commit
  // (issue 32: a programme from before points expiry gets its lots from migration 0014, as a database would).
  const upgrade = header.schemaMigration !== latestMigrationTag();
  // A server starting on the same PostgreSQL database waits: it would otherwise seed a superadmin in the middle.
  const summary = await withStartupLock(handle, async () => {
    await migrateDatabase(handle, upgrade ? { upTo: header.schemaMigration } : {});
    const session = await openSession(handle);
    try {
      if (upgrade) await refuseNewerDatabase(session, header, file);
      await session.query('begin');
      const target = await readTableShapes(session);
      checkShapes(header, target);
      await refuseUnlessEmpty(session, target);

      const order = header.tables.map((table) => table.name);
      const shapes = new Map(target.map((table) => [table.name, table]));
      const counts: Record<string, number> = Object.fromEntries(order.map((name) => [name, 0]));
      let position = 0;
      let batch: string[] = [];
      let batchChars = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await session.query(insertStatement(shapes.get(order[position]!)!), [`[${batch.join(',')}]`]);
        batch = [];
        batchChars = 0;
      };

      // The last line is the end line: a line that is not a row is held here until another line shows it was not.
      let footerLine: string | undefined;
      let lineNumber = 1;
      try {
        // Not `for await`: leaving it on an error would close the file before damageOr reads the rest.
        for (let next = await lines.next(); !next.done; next = await lines.next()) {
          const line = next.value;
          lineNumber += 1;
          if (footerLine !== undefined) {
            hash.update(`${footerLine}\n`);
            footerLine = line;
            throw new BackupDamagedError(`${file} is damaged (line ${lineNumber - 1} is not a row): nothing was restored.`);
          }
          const match = ROW_LINE_PATTERN.exec(line);
          if (!match) {
            footerLine = line;
            continue;
          }
          hash.update(`${line}\n`);
          const table = match[1]!;
          if (table !== order[position]) {
            await flush();
            const next = order.indexOf(table, position + 1);
            if (next === -1) {
              throw new BackupDamagedError(
                `${file} is damaged (line ${lineNumber} holds a row of ${table} out of order): nothing was restored.`,
              );
            }
            position = next;
          }
          batch.push(match[2]!);
          batchChars += match[2]!.length;
          counts[table]! += 1;
          if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
        }
        await flush();
      } catch (error) {
        throw await damageOr(error, lines, hash, footerLine, file);
      }

      if (footerLine === undefined) {
        throw new BackupDamagedError(`${file} is truncated (it has no end line): nothing was restored.`);
      }
      const footer = parseFooter(footerLine);
      if (!footer) throw new BackupDamagedError(`${file} is damaged (its end line cannot be read): nothing was restored.`);
      if (footer.sha256 !== hash.digest('hex')) throw checksumMismatch(file);
      const countsMatch = order.every((name) => footer.counts[name] === counts[name]);
      if (!countsMatch || Object.keys(footer.counts).length !== order.length) {
        throw new BackupError(`${file} does not hold the rows its end line counts: nothing was restored.`);
      }
      const inconsistencies = await findInconsistencies(session);
      if (inconsistencies.length > 0) {
        throw new BackupError(`${file} holds data that does not add up, so nothing was restored: ${inconsistencies.join('; ')}.`);
      }
      await resumeSequences(session, header);
      await session.query('commit');
      return { counts, createdAt: header.createdAt };
    } catch (error) {
      await session.query('rollback').catch(() => undefined);
      throw translateDatabaseError(error, file);
    } finally {
      session.release();
      await lines.return(undefined);
    }
  });
  if (upgrade) await upgradeRestored(handle, file);
  return summary;
}

/** An older backup goes only into a database no newer than it (a new one, or one the command itself migrated). */
async function refuseNewerDatabase(session: DatabaseSession, header: BackupHeader, file: string): Promise<void> {
  const applied = await appliedMigrationMillis(session);
  const made = knownMigrations().find((migration) => migration.tag === header.schemaMigration)!;
  if (applied !== undefined && applied > made.when) {
    throw new BackupError(
      `${file} was made at migration ${header.schemaMigration} and this database is already at a newer one: restore it ` +
        'into a new DATA_DIR or a new PostgreSQL database, which is brought up to date after the rows go in.',
    );
  }
}

/** Runs the migrations newer than the restored backup, then checks the rows add up under this version's rules. */
async function upgradeRestored(handle: DatabaseHandle, file: string): Promise<void> {
  await withStartupLock(handle, () => migrateDatabase(handle));
  const session = await openSession(handle);
  try {
    const inconsistencies = await findInconsistencies(session);
    if (inconsistencies.length > 0) {
      throw new BackupError(
        `${file} was restored, but after upgrading it its data does not add up: ${inconsistencies.join('; ')}.`,
      );
    }
  } finally {
    session.release();
  }
}

/** A row the database refuses (a constraint, a bad value) means the file was not written by a backup. */
function translateDatabaseError(error: unknown, file: string): unknown {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(22|23|42)/.test(code)) {
    return new BackupError(`${file} holds a row the database refuses (${(error as Error).message}): nothing was restored.`);
  }
  return error;
}
