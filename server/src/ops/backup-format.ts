import { z } from 'zod';
import { knownMigrations } from '../db/migrate';

/*
 * The backup file (docs/decisions/017): gzip of JSON lines, the same for PGlite and PostgreSQL.
 *   line 1      header  {"format":"rewards-backup","version":1,"schemaMigration":…,"createdAt":…,"tables":[…],"sequences":[…]}
 *   lines 2…n   rows    {"table":"users","row":{…}}   the row as the database writes it with to_jsonb (bigint and
 *                       numeric exact, timestamps ISO with their offset), bytea columns as base64
 *   last line   footer  {"end":true,"counts":{…},"sha256":…}   sha256 of every line before it, newlines included
 * A truncated file has no footer; an edited one fails the checksum; both are refused before anything commits. A
 * file edited with its checksum computed again passes it: the restore also checks that the rows add up
 * (restore-checks.ts) before it commits.
 */

export const BACKUP_FORMAT = 'rewards-backup';
export const BACKUP_VERSION = 1;

/** Every failure the operator must read: a bad file, a database that cannot take it, a lock held. */
export class BackupError extends Error {}

/** A file whose bytes were damaged after it was written (its gzip or its checksum fails), or cut short. */
export class BackupDamagedError extends BackupError {}

const tableShapeSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.object({ name: z.string().min(1), type: z.string().min(1) })),
  primaryKey: z.array(z.string()),
});

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  schemaMigration: z.string().min(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  tables: z.array(tableShapeSchema),
  /** Last values of the sequences (null: never used), so numbers of rolled-back orders are not given again. */
  sequences: z.array(
    z.object({
      name: z.string().min(1),
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const backupFooterSchema = z.object({
  end: z.literal(true),
  counts: z.record(z.string(), z.number().int().min(0)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFooter = z.infer<typeof backupFooterSchema>;

/** The start of every row line; the row object follows and one `}` closes the line. */
export const rowLinePrefix = (table: string) => `{"table":${JSON.stringify(table)},"row":`;
export const ROW_LINE_PATTERN = /^\{"table":"([^"\\]+)","row":(\{.*\})\}$/s;

export const latestMigrationTag = () => knownMigrations().at(-1)!.tag;
