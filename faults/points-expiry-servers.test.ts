import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../e2e/server-process';
import { call, signIn, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Issue 32: several servers on one PostgreSQL run the day's points expiry once. Customers whose points expired
// yesterday are written straight to the database; two servers then start together (each runs the expiry at its
// start) while a superadmin asks each for a run of its own. Every customer ends with one `points_expired` entry,
// the day's scheduled run is claimed and finished by one server, and balances equal their ledgers and lots.

const CUSTOMERS = 40;
const LOTS_EACH = 3;
const LOT_HUNDREDTHS = 2_500;

const servers: ServerProcess[] = [];
let database: FreshDatabase | undefined;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

describe('two servers on one PostgreSQL', () => {
  it('expire the points past their date once, whoever runs it', async () => {
    database = await createFreshDatabase();
    // The first start migrates and seeds the owner; its own run finds nothing.
    const first = await startServerOn(database.url);
    await first.stop();
    await database.query(`
      insert into users (username, party_name, phone_number, password_hash, user_type, tier, available_points)
      select 'lapsing-' || i, 'Lapsing ' || i, '9829012345', 'not-a-hash', 'customer', 'Silver', ${LOTS_EACH * LOT_HUNDREDTHS}
      from generate_series(1, ${CUSTOMERS}) as i`);
    await database.query(`
      insert into points_ledger (user_id, reason, available_delta, total_delta, note)
      select id, 'adjustment', available_points, 0, 'points' from users where username like 'lapsing-%'`);
    await database.query(`
      insert into point_lots (user_id, expires_on, points_left)
      select id, (now() at time zone 'Asia/Kolkata')::date - 1 - n, ${LOT_HUNDREDTHS}
      from users, generate_series(0, ${LOTS_EACH - 1}) as n where username like 'lapsing-%'`);
    // Today's run is done as far as the first start knows: forget it, so both new servers find it due.
    await database.query('delete from points_expiry_runs');

    const started = await Promise.all([startServerOn(database.url), startServerOn(database.url)]);
    servers.push(...started);
    const tokens = await Promise.all(started.map((server) => signIn(server.baseUrl)));
    const onDemand = await Promise.all(
      started.map((server, index) => call(server.baseUrl, tokens[index]!, 'POST', '/api/superadmin/points-expiry/run')),
    );
    for (const answer of onDemand) expect(answer.status).toBe(200);

    // The scheduled runs began at start; wait until the day's run is recorded as finished.
    let runs: { claimed_by: string; finished_at: string | null; customers: number }[] = [];
    for (let attempt = 0; attempt < 100; attempt += 1) {
      runs = await database.query('select claimed_by, finished_at, customers from points_expiry_runs');
      if (runs.length === 1 && runs[0]!.finished_at) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]!.finished_at).not.toBeNull();

    const entries = await database.query<{ username: string; entries: string; points: string }>(`
      select u.username, count(l.id)::text as entries, coalesce(-sum(l.available_delta), 0)::text as points
      from users u left join points_ledger l on l.user_id = u.id and l.reason = 'points_expired'
      where u.username like 'lapsing-%' group by u.username`);
    expect(entries).toHaveLength(CUSTOMERS);
    for (const row of entries)
      expect(row, row.username).toMatchObject({ entries: '1', points: String(LOTS_EACH * LOT_HUNDREDTHS) });
    // What the runs answered and recorded adds up to every customer, once.
    const answered = onDemand.reduce((sum, answer) => sum + (answer.body as { customers: number }).customers, 0);
    expect(answered + runs[0]!.customers).toBe(CUSTOMERS);

    const off = await database.query(`
      select u.username from users u
        left join (select user_id, sum(available_delta) a from points_ledger group by user_id) s on s.user_id = u.id
        left join (select user_id, sum(points_left) p from point_lots group by user_id) l on l.user_id = u.id
      where u.available_points <> coalesce(s.a, 0) or greatest(u.available_points, 0) <> coalesce(l.p, 0)`);
    expect(off).toEqual([]);
  });
});
