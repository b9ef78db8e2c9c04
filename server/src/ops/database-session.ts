import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/**
 * One connection for the whole of a backup or a restore: its transaction, cursor and statements must all run
 * on the same session. PGlite has a single session by construction; PostgreSQL gets a client of its own from
 * the pool. Raw SQL, because the work is over every table of the catalogue, not over drizzle's schema.
 */
export type DatabaseSession = {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  release(): void;
};

export async function openSession(handle: DatabaseHandle): Promise<DatabaseSession> {
  if (handle.kind === 'pglite') {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    return {
      query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
      release: () => undefined,
    };
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  // bigint and numeric stay text in the driver; the rows travel as JSON text made by the database anyway.
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    release: () => client.release(),
  };
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

export type TableColumn = { name: string; type: string };
export type TableShape = { name: string; columns: TableColumn[]; primaryKey: string[] };

// Kept by triggers on users in the same statement (migration 0005): restoring users rebuilds it, so it is
// neither written to a backup nor counted when deciding whether a database is empty.
export const DERIVED_TABLES = new Set(['live_user_counts']);

/**
 * The tables of the public schema, parents before children (foreign keys), with their stored columns (generated
 * ones are computed again on insert) and primary key. Read from the catalogue, so a table added by a later
 * migration is backed up without an edit here.
 */
export async function readTableShapes(session: DatabaseSession): Promise<TableShape[]> {
  const tables = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await session.query<{ table: string; name: string; type: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const keys = await session.query<{ table: string; name: string }>(
    `select c.relname as table, a.attname as name
     from pg_index i join pg_class c on c.oid = i.indrelid
     cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where i.indisprimary and c.relnamespace = 'public'::regnamespace
     order by c.relname, k.position`,
  );
  const references = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint f join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
     where f.contype = 'f' and child.relnamespace = 'public'::regnamespace and child.oid <> parent.oid`,
  );

  const shapes = new Map<string, TableShape>(tables.map(({ name }) => [name, { name, columns: [], primaryKey: [] }]));
  for (const column of columns) shapes.get(column.table)?.columns.push({ name: column.name, type: column.type });
  for (const key of keys) shapes.get(key.table)?.primaryKey.push(key.name);

  // Depth-first: a table comes after every table it refers to (alphabetical among equals, so files compare).
  const ordered: TableShape[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const reference of references) if (reference.child === name) visit(reference.parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(shapes.get(name)!);
  };
  for (const name of shapes.keys()) visit(name, []);
  return ordered;
}

/** The tag of the last migration applied to the database (drizzle's journal names it), or undefined. */
export async function appliedMigrationMillis(session: DatabaseSession): Promise<number | undefined> {
  const [exists] = await session.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return undefined;
  const [row] = await session.query<{ when: string | null }>(
    `select max(created_at)::text as when from drizzle.__drizzle_migrations`,
  );
  return row?.when == null ? undefined : Number(row.when);
}
