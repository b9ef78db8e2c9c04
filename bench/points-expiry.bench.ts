// `npm run bench:points-expiry` (issue 32, "Cost"): the expiry run over 100,000 customers holding a million lots
// on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, a superuser), while 50 customers keep checking out. The
// customers' lots all expired yesterday (the worst day: every customer gets an entry and a notification); the
// buyers' lots expire later. Reported: how long `POST /api/superadmin/points-expiry/run` took and what it expired,
// and the checkouts' rate and latency before the run and during it. After the run the invariants are checked:
// every balance equals its ledger and its lots, nothing past its date is left, one entry per customer.
//
// Environment: BENCH_EXPIRY_CUSTOMERS (default 100000), BENCH_EXPIRY_LOTS (per customer, default 10),
// BENCH_SECONDS (the checkouts measured before the run, default 8).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { createFreshDatabase, type FreshDatabase } from '../faults/postgres';
import { kolkataDate } from '../common/src/rules/quarters';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/raw-rows';
import { migrateDatabase } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/lib/passwords';
import { cannon, SECONDS, signIn } from './measure';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CUSTOMERS = Number(process.env.BENCH_EXPIRY_CUSTOMERS ?? 100_000);
const LOTS_EACH = Number(process.env.BENCH_EXPIRY_LOTS ?? 10);
const BUYERS = 50;
const ITEMS = 100;
const PASSWORD = `bench-expiry-${randomBytes(6).toString('hex')}`;
/** The run must finish within this (issue 32). */
const TARGET_MS = 60_000;

type Buyer = { username: string; addressId: string };

/**
 * The programme, written in SQL for speed: CUSTOMERS customers with LOTS_EACH lots each that expired yesterday
 * (their balance and ledger entry match), BUYERS customers whose points expire in a year, 100 items, a superadmin,
 * and the day's scheduled run recorded as done so that only the measured run expires anything.
 */
async function seed(database: DatabaseHandle): Promise<{ buyers: Buyer[]; itemIds: string[] }> {
  const { db } = database;
  await migrateDatabase(database);
  const hash = await hashPassword(PASSWORD);
  const lot = 10_000; // hundredths: 100 points a lot
  const started = Date.now();
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, tier, is_password_reset, available_points)
    select 'lapsing-' || lpad(i::text, 6, '0'), 'Lapsing ' || i, '9829000000', ${hash}, 'customer', 'Silver', true, ${lot * LOTS_EACH}
    from generate_series(1, ${CUSTOMERS}::int) as i`);
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, tier, is_password_reset, available_points)
    select 'buyer-' || lpad(i::text, 4, '0'), 'Buyer ' || i, '9829000000', ${hash}, 'customer', 'Gold', true, 10000000000
    from generate_series(1, ${BUYERS}::int) as i`);
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, is_password_reset)
    values ('bench-superadmin', 'Bench', '9829000000', ${hash}, 'superadmin', true)`);
  await db.execute(sql`
    insert into points_ledger (user_id, reason, available_delta, total_delta, note)
    select id, 'adjustment', available_points, 0, 'bench points' from users where user_type = 'customer'`);
  const yesterday = sql`(now() at time zone 'Asia/Kolkata')::date - 1`;
  await db.execute(sql`
    insert into point_lots (user_id, expires_on, points_left)
    select u.id, ${yesterday} - n, ${lot} from users u, generate_series(0, ${LOTS_EACH - 1}::int) as n
    where u.username like 'lapsing-%'`);
  await db.execute(sql`
    insert into point_lots (user_id, expires_on, points_left)
    select id, ${yesterday} + 365, available_points from users where username like 'buyer-%'`);
  await db.execute(sql`
    insert into points_expiry_runs (day, claimed_by, claimed_until, finished_at)
    values (${kolkataDate(new Date())}, 'bench', now(), now())`);
  await db.execute(sql`
    insert into addresses (user_id, address_line1, city, pin_code, is_default)
    select id, '1 Station Road', 'Jaipur', '302001', true from users where username like 'buyer-%'`);
  await db.execute(sql`
    insert into items (name, description, points_required, discount, stock)
    select 'Bench item ' || i, '<p>Bench</p>', (100 + i) * 100, 0, 1000000 from generate_series(1, ${ITEMS}::int) as i`);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${CUSTOMERS} customers with ${CUSTOMERS * LOTS_EACH} lots in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const buyers = rowsOf<Buyer>(
    await db.execute(
      sql`select u.username, a.id as "addressId" from users u join addresses a on a.user_id = u.id order by u.username`,
    ),
  );
  const items = rowsOf<{ id: string }>(await db.execute(sql`select id from items order by id`));
  return { buyers, itemIds: items.map((row) => row.id) };
}

async function checkInvariants(database: DatabaseHandle) {
  const [row] = rowsOf<Record<string, number>>(
    await database.db.execute(sql`
    select
      (select count(*)::int from users u
        left join (select user_id, sum(available_delta) a from points_ledger group by user_id) s on s.user_id = u.id
        where u.available_points <> coalesce(s.a, 0)) as "balancesOffLedger",
      (select count(*)::int from users u
        left join (select user_id, sum(points_left) p from point_lots group by user_id) l on l.user_id = u.id
        where greatest(u.available_points, 0) <> coalesce(l.p, 0)) as "balancesOffLots",
      (select count(*)::int from point_lots
        where points_left > 0 and expires_on < (now() at time zone 'Asia/Kolkata')::date) as "lotsPastTheirDate",
      (select count(*)::int from (select user_id from points_ledger where reason = 'points_expired'
        group by user_id having count(*) > 1) twice) as "customersExpiredTwice",
      (select count(*)::int from users where available_points < 0) as "negativeBalances"`),
  );
  return row!;
}

function checkoutRequests(seeded: { buyers: Buyer[]; itemIds: string[] }, tokens: string[]): Partial<autocannon.Options> {
  let sequence = 0;
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sequence += 1;
          const buyer = sequence % seeded.buyers.length;
          return {
            ...request,
            headers: { ...request.headers, Authorization: `Bearer ${tokens[buyer]!}`, 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({
              addressId: seeded.buyers[buyer]!.addressId,
              items: [{ itemId: seeded.itemIds[(sequence * 7) % seeded.itemIds.length]!, quantity: 1 }],
            }),
          };
        },
      },
    ],
  };
}

const summary = (result: autocannon.Result) =>
  `${(result.requests.total / result.duration).toFixed(0)} checkouts/s, p50 ${result.latency.p50} ms, ` +
  `p99 ${result.latency.p99} ms, slowest ${result.latency.max} ms, errors ${result.errors}, non-2xx ${result.non2xx}`;

async function main() {
  if (!POSTGRES_URL) {
    console.log('bench:points-expiry measures PostgreSQL only: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it.');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-expiry-'));
  let fresh: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    fresh = await createFreshDatabase({ adminUrl: POSTGRES_URL, prefix: 'benchexpiry' });
    let database = await openDatabase({ dataDir, databaseUrl: fresh.url });
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
    server = await startServerProcess(dataDir, { DATABASE_URL: fresh.url, JWT_SECRET: randomBytes(32).toString('hex') });
    const tokens: string[] = [];
    for (const buyer of seeded.buyers)
      tokens.push(await signIn(server.baseUrl, { username: buyer.username, password: PASSWORD }));
    const superadmin = await signIn(server.baseUrl, { username: 'bench-superadmin', password: PASSWORD });
    const url = `${server.baseUrl}/api/user/cart/checkout`;

    await cannon(url, BUYERS, 3, undefined, checkoutRequests(seeded, tokens)); // warm-up
    const before = await cannon(url, BUYERS, SECONDS, undefined, checkoutRequests(seeded, tokens));
    console.log(`checkouts before the run: ${summary(before)}`);

    const started = Date.now();
    const run = fetch(`${server.baseUrl}/api/superadmin/points-expiry/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${superadmin}` },
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as unknown,
      ms: Date.now() - started,
    }));
    // Checkouts in one-second slices while the run lasts: the last slice may end after it.
    const during: autocannon.Result[] = [];
    let finished: Awaited<typeof run> | undefined;
    void run.then((result) => (finished = result));
    while (!finished) during.push(await cannon(url, BUYERS, 1, undefined, checkoutRequests(seeded, tokens)));
    const result = await run;
    console.log(`\nthe run: ${result.status} ${JSON.stringify(result.body)} in ${(result.ms / 1000).toFixed(1)} s`);
    const total = during.reduce((sum, slice) => sum + slice.requests.total, 0);
    const seconds = during.reduce((sum, slice) => sum + slice.duration, 0);
    const p99s = during.map((slice) => slice.latency.p99).sort((a, b) => a - b);
    const errors = during.reduce((sum, slice) => sum + slice.errors + slice.non2xx, 0);
    console.log(
      `checkouts during the run: ${(total / seconds).toFixed(0)} checkouts/s over ${during.length} one-second slices, ` +
        `median slice p99 ${p99s[Math.floor(p99s.length / 2)]} ms, worst slice p99 ${p99s.at(-1)} ms, ` +
        `slowest ${Math.max(...during.map((slice) => slice.latency.max))} ms, errors and non-2xx ${errors}`,
    );
    await server.stop();
    server = undefined;
    database = await openDatabase({ dataDir, databaseUrl: fresh.url });
    let check: Record<string, number>;
    try {
      check = await checkInvariants(database);
    } finally {
      await database.close();
    }
    console.log(`invariants after the run: ${JSON.stringify(check)}`);
    const expected = { customers: CUSTOMERS, points: (CUSTOMERS * LOTS_EACH * 10_000) / 100 };
    const answered = result.body as { customers?: number; points?: number };
    if (
      result.status !== 200 ||
      answered.customers !== expected.customers ||
      answered.points !== expected.points ||
      Object.values(check).some((value) => Number(value) !== 0) ||
      errors !== 0
    ) {
      console.error(`expected ${JSON.stringify(expected)} and clean invariants`);
      process.exitCode = 1;
    } else if (result.ms > TARGET_MS) {
      console.error(`the run took ${(result.ms / 1000).toFixed(1)} s, over the ${TARGET_MS / 1000} s target`);
      process.exitCode = 1;
    } else {
      console.log(`Target met: the run finished within ${TARGET_MS / 1000} s while checkouts went on.`);
    }
  } finally {
    await server?.stop();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
