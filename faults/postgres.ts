import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
// The type of inject('postgresUrl') (ProvidedContext), also for the benchmarks' project that imports this file.
import type {} from './global-setup';

export type FreshDatabase = {
  name: string;
  /** What the server gets as DATABASE_URL. */
  url: string;
  /** A query on the fresh database as the superuser (what the fault tests check afterwards). */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** pg_terminate_backend on every connection to the database; resolves to how many there were. */
  terminateBackends(): Promise<number>;
  /** CONNECTION LIMIT of the database: 0 refuses every new connection of its (non-superuser) owner, -1 none. */
  setConnectionLimit(limit: number): Promise<void>;
  drop(): Promise<void>;
};

async function asSuperuser<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of TEST_DATABASE_URL (or FAULTS_DATABASE_URL), as `createdb` makes it.
 * With `ownRole`, the server connects as a new login role that owns it and is not a superuser (as in
 * production), so that CONNECTION LIMIT applies to it. Outside Vitest (the benchmarks) pass `adminUrl`, a
 * superuser's URL, and a `prefix` for the names.
 */
export async function createFreshDatabase(
  options: { ownRole?: boolean; adminUrl?: string; prefix?: string } = {},
): Promise<FreshDatabase> {
  const adminUrl = options.adminUrl ?? inject('postgresUrl');
  const suffix = randomBytes(5).toString('hex');
  const prefix = options.prefix ?? 'faults';
  const name = `${prefix}_${suffix}`;
  const role = options.ownRole ? `${prefix}_app_${suffix}` : undefined;
  const password = randomBytes(12).toString('hex');
  await asSuperuser(adminUrl, async (client) => {
    if (role) await client.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}'`);
    await client.query(`CREATE DATABASE "${name}"${role ? ` OWNER "${role}"` : ''}`);
  });

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const superuserUrl = url.toString();
  if (role) {
    url.username = role;
    url.password = password;
  }
  return {
    name,
    url: url.toString(),
    query: <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      asSuperuser(superuserUrl, async (client) => (await client.query<Row>(text, values)).rows),
    terminateBackends: () =>
      asSuperuser(adminUrl, async (client) => {
        const { rows } = await client.query<{ terminated: string }>(
          'select count(*) filter (where pg_terminate_backend(pid)) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return Number(rows[0]?.terminated ?? 0);
      }),
    setConnectionLimit: (limit) =>
      asSuperuser(adminUrl, async (client) => {
        await client.query(`ALTER DATABASE "${name}" CONNECTION LIMIT ${Math.trunc(limit)}`);
      }),
    drop: () =>
      asSuperuser(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        if (role) await client.query(`DROP ROLE IF EXISTS "${role}"`);
      }),
  };
}
