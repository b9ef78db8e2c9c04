import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../e2e/server-process';
import { call, OWNER, signIn, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Issue 7, finding 8: two servers started together on an empty PostgreSQL database both migrated, and one
// crashed (23505); both could also create a first superadmin. Start-up now holds an advisory lock.

const databases: FreshDatabase[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(databases.map((database) => database.drop()));
});

describe('servers started together on an empty PostgreSQL database', () => {
  it('when two start at the same moment, then both come up healthy on one migrated database with exactly one superadmin', async () => {
    const database = await createFreshDatabase();
    databases.push(database);

    const started = await Promise.allSettled([startServerOn(database.url), startServerOn(database.url)]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(failures).toEqual([]);

    for (const server of servers) expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const superadmins = await database.query<{ username: string }>("select username from users where user_type = 'superadmin'");
    expect(superadmins).toEqual([{ username: OWNER.username }]);
    const migrations = await database.query<{ count: string }>('select count(*) as count from drizzle.__drizzle_migrations');
    const applied = Number(migrations[0]?.count);
    expect(applied).toBeGreaterThan(0);
    expect(await database.query('select hash from drizzle.__drizzle_migrations group by hash having count(*) > 1')).toEqual([]);

    // One shared JWT_SECRET: a session made on one server works on the other.
    const [first, second] = servers;
    if (!first || !second) throw new Error('two servers expected');
    const token = await signIn(first.baseUrl);
    expect((await call(second.baseUrl, token, 'GET', '/api/admin/users?page=1&limit=20')).status).toBe(200);
  });
});
