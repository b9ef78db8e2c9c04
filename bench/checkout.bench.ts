// `npm run bench:checkout` (also part of `npm run bench`): checkouts under load (issue 11, "Benchmark"):
// POST /api/user/cart/checkout from 50 customers at once (one connection each, every request one of 100 items,
// quantity 1–2, a new Idempotency-Key each as the client sends), beside the bare endpoint in the same run, on PGlite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, a superuser) on PostgreSQL. After each run the server is stopped and the invariants
// checked: every balance equals its ledger, every order has its `order_placed` entry for its total, no stock is
// negative and the stock taken equals the quantities ordered, and each customer's lots hold their balance. Points
// expire (issue 32): the setting is 12 months and each customer's points are in ten lots with ten dates, so every
// checkout spends from the lots soonest first. Figures are recorded in docs/benchmarks.md.
//
// Environment: BENCH_SECONDS (each measured run, default 8), BENCH_CHECKOUT_CUSTOMERS (default 50),
// BENCH_DATABASES (default "pglite,postgres"), BENCH_CPU_PROF_DIR (a folder: the server runs under `node --cpu-prof`
// and writes its profile there when it stops). The first 4 s after the server starts are reported apart (cold start).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { createFreshDatabase, type FreshDatabase } from '../faults/postgres';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { hashPassword } from '../server/src/lib/passwords';
import type autocannon from 'autocannon';
import { benchDatabases, cannon, measure, SECONDS, signIn, startBareServer, table, type Row } from './measure';

const CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 50);
const DATABASES = benchDatabases();
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ITEMS = 100;
const WARM_UP_SECONDS = 4;
const STOCK_EACH = 1_000_000;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
const PASSWORD = `bench-checkout-${randomBytes(6).toString('hex')}`;

type Buyer = { username: string; addressId: string };

/** Lots per customer, each expiring at the end of a later month (issue 32: checkout with ten lots each). */
const LOTS_EACH = 10;

/**
 * `CUSTOMERS` customers with points for every checkout the run can make (10 crore each, given through the
 * ledger as an adjustment, so balances equal the ledger from the start, in LOTS_EACH lots with as many dates),
 * one default address each, and 100 items with a large stock; points expire after 12 months.
 */
async function seed(database: DatabaseHandle): Promise<{ buyers: Buyer[]; itemIds: string[] }> {
  const { db } = database;
  await migrateDatabase(database);
  const hash = await hashPassword(PASSWORD);
  const points = 10_000_000_000; // hundredths: 10 crore points
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, tier, is_password_reset, available_points)
    select 'buyer-' || lpad(i::text, 4, '0'), 'Buyer ' || i, '9829000000', ${hash}, 'customer', 'Gold', true, ${points}
    from generate_series(1, ${CUSTOMERS}::int) as i`);
  await db.execute(sql`
    insert into points_ledger (user_id, reason, available_delta, total_delta, note)
    select id, 'adjustment', ${points}, 0, 'bench points' from users where user_type = 'customer'`);
  await db.execute(sql`
    insert into point_lots (user_id, expires_on, points_left)
    select u.id, (date_trunc('month', now()) + make_interval(months => n + 1) - interval '1 day')::date, ${points / LOTS_EACH}
    from users u, generate_series(1, ${LOTS_EACH}::int) as n where u.user_type = 'customer'`);
  await db.execute(sql`
    insert into settings (key, value) values ('pointsExpiryMonths', '12'::jsonb)
    on conflict (key) do update set value = excluded.value`);
  await db.execute(sql`
    insert into addresses (user_id, address_line1, city, pin_code, is_default)
    select id, '1 Station Road', 'Jaipur', '302001', true from users where user_type = 'customer'`);
  await db.execute(sql`
    insert into items (name, description, points_required, discount, stock)
    select 'Bench item ' || i, '<p>Bench</p>', (100 + i) * 100, (i % 3) * 1000, ${STOCK_EACH}
    from generate_series(1, ${ITEMS}::int) as i`);
  const buyers: unknown = await db.execute(
    sql`select u.username, a.id as "addressId" from users u join addresses a on a.user_id = u.id order by u.username`,
  );
  const items: unknown = await db.execute(sql`select id from items order by id`);
  return {
    buyers: (buyers as { rows: Buyer[] }).rows,
    itemIds: (items as { rows: { id: string }[] }).rows.map((row) => row.id),
  };
}

/** Invariants after the run; every count but `orders` must be 0. */
async function checkInvariants(database: DatabaseHandle) {
  const result: unknown = await database.db.execute(sql`
    select
      (select count(*)::int from orders) as orders,
      (select count(*)::int from users u
        left join (select user_id, sum(available_delta) a, sum(total_delta) t from points_ledger group by user_id) s on s.user_id = u.id
        where u.available_points <> coalesce(s.a, 0) or u.total_points <> coalesce(s.t, 0)) as "balancesOffLedger",
      (select count(*)::int from orders o where not exists
        (select 1 from points_ledger l where l.order_id = o.id and l.reason = 'order_placed' and l.available_delta = -o.total_points)) as "ordersWithoutEntry",
      (select count(*)::int from users where available_points < 0) as "negativeBalances",
      (select count(*)::int from users u
        left join (select user_id, sum(points_left) p from point_lots group by user_id) l on l.user_id = u.id
        where greatest(u.available_points, 0) <> coalesce(l.p, 0)) as "balancesOffLots",
      (select count(*)::int from items where stock < 0) as "negativeStock",
      (select coalesce(sum(${STOCK_EACH} - stock), 0)::bigint from items)
        - (select coalesce(sum(quantity), 0)::bigint from order_lines) as "stockNotOrdered"`);
  const row = (result as { rows: Record<string, number | string>[] }).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)]));
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-checkout-'));
  let fresh: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    if (kind === 'postgres') {
      if (!POSTGRES_URL) throw new Error('no BENCH_DATABASE_URL');
      fresh = await createFreshDatabase({ adminUrl: POSTGRES_URL, prefix: 'benchcheckout' });
    }
    let database = await openDatabase({ dataDir, databaseUrl: fresh?.url });
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
    server = await startServerProcess(
      dataDir,
      fresh ? { DATABASE_URL: fresh.url, JWT_SECRET: randomBytes(32).toString('hex') } : {},
      { nodeArgs: CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROFILE_DIR)] : [] },
    );
    bare = await startBareServer();
    const tokens: string[] = [];
    for (const buyer of seeded.buyers)
      tokens.push(await signIn(server.baseUrl, { username: buyer.username, password: PASSWORD }));

    const rows: Row[] = [];
    rows.push(
      await measure(
        { label: 'bare Express `{"status":"ok"}`', url: `${bare.baseUrl}/bare`, pid: bare.child.pid ?? 0 },
        CUSTOMERS,
      ),
    );
    let sequence = 0;
    const checkoutTarget = {
      label: '`POST /api/user/cart/checkout` (1 line, a customer per connection)',
      url: `${server.baseUrl}/api/user/cart/checkout`,
      headers: { 'Content-Type': 'application/json' },
      pid: server.child.pid ?? 0,
      backends: fresh?.name,
    };
    const checkoutRequests: Partial<autocannon.Options> = {
      method: 'POST',
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            sequence += 1;
            const buyer = sequence % seeded.buyers.length;
            const itemId = seeded.itemIds[(sequence * 7) % seeded.itemIds.length]!;
            return {
              ...request,
              // One Idempotency-Key per order, as the client sends it.
              headers: { ...request.headers, Authorization: `Bearer ${tokens[buyer]!}`, 'Idempotency-Key': randomUUID() },
              body: JSON.stringify({
                addressId: seeded.buyers[buyer]!.addressId,
                items: [{ itemId, quantity: 1 + (sequence % 2) }],
              }),
            };
          },
        },
      ],
    };
    // The first checkouts after a start are measured apart: a server that just started is slow at first (its code
    // and, on PGlite, the database's not yet compiled), and the measured run should show the steady state.
    const coldStart = await cannon(checkoutTarget.url, CUSTOMERS, WARM_UP_SECONDS, checkoutTarget.headers, checkoutRequests);
    const checkoutRow = await measure(checkoutTarget, CUSTOMERS, checkoutRequests);
    rows.push(checkoutRow);
    await server.stop();
    server = undefined;
    database = await openDatabase({ dataDir, databaseUrl: fresh?.url });
    let check: Record<string, number>;
    try {
      check = await checkInvariants(database);
    } finally {
      await database.close();
    }
    console.log(`\n## ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${CUSTOMERS} customers at once, ${SECONDS} s\n`);
    console.log(table(rows, Boolean(fresh)));
    console.log(
      `\nfirst ${WARM_UP_SECONDS} s after the server started (not in the table): ${coldStart.requests.total} checkouts, ` +
        `p50 ${coldStart.latency.p50} ms, p99 ${coldStart.latency.p99} ms, slowest ${coldStart.latency.max} ms, ` +
        `errors ${coldStart.errors}, non-2xx ${coldStart.non2xx}`,
    );
    console.log(`\ninvariants after the run: ${JSON.stringify(check)}`);
    const { orders, ...mustBeZero } = check;
    if (
      !orders ||
      Object.values(mustBeZero).some((value) => value !== 0) ||
      checkoutRow.errors !== 0 ||
      checkoutRow.non2xx !== 0 ||
      coldStart.non2xx !== 0
    ) {
      process.exitCode = 1;
    }
  } finally {
    await bare?.stop();
    await server?.stop();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const kind of DATABASES) {
    if (kind === 'postgres' && !POSTGRES_URL) {
      console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a superuser URL to include it.)');
      continue;
    }
    await benchDatabase(kind);
  }
}

await main();
