import { randomBytes } from 'node:crypto';
import { Column, is, sql, SQL, type DriverValueDecoder, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import { rowsOf } from './raw-rows';
import * as schema from './schema';

/**
 * Reading a long list as one consistent state without holding up anyone else (contract "Exports", issue 30).
 *
 * The rows are those of a `WITH HOLD` cursor: declared outside a transaction, PostgreSQL computes the whole
 * result when the declaring statement commits and keeps it for the session, so every row comes from that one
 * moment whatever changes meanwhile (reading the list in keyset batches, as before, gave rows twice and lost
 * others when bills were re-dated during an export). No transaction, lock or snapshot stays open while a slow
 * client downloads: the cursor holds a finished result, not a view of the tables.
 *
 * The rows are then fetched in small slices, each its own statement: on the embedded database each takes its
 * turn behind the requests that arrived meanwhile (db/turns.ts); on PostgreSQL the cursor lives on a connection
 * of its own, taken from the pool for the export's length. The cursor is closed when the reading ends, fails
 * or is abandoned (a client that went away); a server that dies loses it with its session.
 */

type FieldType<Field> = Field extends Column
  ? Field['_']['notNull'] extends true
    ? Field['_']['data']
    : Field['_']['data'] | null
  : Field extends SQL<infer T>
    ? T
    : never;

/** A select list whose every field is named in the statement itself (`… as "key"`). */
export type NamedFields = Record<string, SQL.Aliased>;
export type RowOf<Fields extends NamedFields> = { [Key in keyof Fields]: Fields[Key]['_']['type'] };

/**
 * Fields for `db.select(…)` named in the SQL under their keys, each decoded as the column or expression it comes
 * from: the rows a cursor fetches are plain objects under the statement's names, not Drizzle's own mapping.
 */
export function named<Fields extends Record<string, Column | SQL>>(
  fields: Fields,
): { [Key in keyof Fields]: SQL.Aliased<FieldType<Fields[Key]>> } {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, (is(field, Column) ? sql`${field}`.mapWith(field) : field).as(key)]),
  ) as { [Key in keyof Fields]: SQL.Aliased<FieldType<Fields[Key]>> };
}

/** The decoder Drizzle gave the field (`mapWith`, or its column's); the type keeps it internal. */
function decoderOf(field: SQL.Aliased): DriverValueDecoder<unknown, unknown> {
  return (field.sql as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
}

/** How many rows each fetch reads: small enough that formatting one slice is a short task. */
export const SNAPSHOT_SLICE = 500;

/**
 * The rows of `query` (a select of `fields`, made by `named`), as they all stood when
 * reading began, in slices of `slice` rows. The first slice is read before anything is yielded, so a failure
 * there still becomes the usual JSON error.
 */
export async function* snapshotRows<Fields extends NamedFields>(
  db: Db,
  query: SQLWrapper,
  fields: Fields,
  slice = SNAPSHOT_SLICE,
): AsyncGenerator<RowOf<Fields>[]> {
  const pool = (db as unknown as { $client: unknown }).$client;
  const connection = pool instanceof pg.Pool ? await pool.connect() : undefined;
  // A statement of its own per fetch: on PostgreSQL on the cursor's connection, on PGlite in its turn.
  const session: Db = connection ? drizzlePostgres(connection, { schema }) : db;
  const cursor = sql.identifier(`snapshot_${randomBytes(6).toString('hex')}`);
  let declared = false;
  let failed: unknown;
  try {
    // A cursor's plan is chosen for its first rows by default (cursor_tuple_fraction 0.1: nested loops over
    // indexes); this one is read to its end at once, so it is planned like any query: 1.0 s became 0.05 s for
    // 50,000 bills on PostgreSQL.
    await session.execute(sql`set cursor_tuple_fraction = 1`);
    await session.execute(sql`declare ${cursor} no scroll cursor with hold for ${query}`);
    declared = true;
    const keys = Object.keys(fields);
    for (;;) {
      const rows = rowsOf<Record<string, unknown>>(
        await session.execute(sql`fetch forward ${sql.raw(String(slice))} from ${cursor}`),
      );
      if (rows.length > 0) {
        yield rows.map((raw) => {
          const row: Record<string, unknown> = {};
          // As Drizzle's own select would: null stays null, anything else through the field's decoder.
          for (const key of keys) {
            const value = raw[key];
            row[key] = value === null || value === undefined ? null : decoderOf(fields[key]!).mapFromDriverValue(value);
          }
          return row as RowOf<Fields>;
        });
      }
      if (rows.length < slice) return;
    }
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    if (declared) await session.execute(sql`close ${cursor}`).catch(() => undefined);
    // A connection that failed is not given back to the pool for the next request.
    connection?.release(failed instanceof Error ? failed : undefined);
  }
}
