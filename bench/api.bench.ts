// `npm run bench:api` (also the second half of `npm run bench`): throughput, latency and server CPU per request
// of the API's hot reads with many customers (issue 8, "Benchmarks"), each beside a bare endpoint measured in the
// same run with the same autocannon settings. Runs the real server process on a fresh embedded database (PGlite)
// and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server as a superuser, on a fresh
// scratch database created there and dropped afterwards. Figures are recorded in docs/benchmarks.md.
//
// Environment: BENCH_CUSTOMERS (default 100000; BENCH_PGLITE_CUSTOMERS overrides it for PGlite only),
// BENCH_SECONDS (each measured run, default 8), BENCH_WARMUP_SECONDS (before each endpoint, default 2),
// BENCH_CONNECTIONS (default "10,50"), BENCH_DATABASES (default "pglite,postgres"), BENCH_ITEMS (items in the
// catalogue, default 1000: issue 10), BENCH_ONLY (measure only the endpoints whose label contains this text).
//
// The catalogue is measured twice: as a browser asks for it (Accept-Encoding: br, gzip, deflate: the server
// answers from its compressed copy) and without compression (the whole JSON on every request).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { itemImages, items } from '../server/src/db/schema';
import { insertUser } from '../server/src/features/users/users.repository';
import { hashPassword } from '../server/src/lib/passwords';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { createFreshDatabase, type FreshDatabase } from '../faults/postgres';
import {
  benchDatabases,
  bodyBytes,
  cannon,
  CLK_TCK,
  measure,
  SECONDS,
  signIn,
  startBareServer,
  table,
  type Row,
  type Target,
} from './measure';

/** A yardstick: the bare Express process sending a copy of `url`'s answer (see /bare/copy in measure.ts). */
function sameAnswer(bareUrl: string, url: string, bytes: number, encoding: string | undefined, pid: number): Target {
  const query = new URLSearchParams({ url, ...(encoding ? { encoding } : {}) });
  return {
    label: `same answer from bare Express (${bytes.toLocaleString('en-US')} bytes${encoding ? ', br' : ''})`,
    url: `${bareUrl}/bare/copy?${query.toString()}`,
    pid,
  };
}

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const PGLITE_CUSTOMERS = Number(process.env.BENCH_PGLITE_CUSTOMERS ?? CUSTOMERS);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const DATABASES = benchDatabases();
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const ONLY = process.env.BENCH_ONLY;
const BROWSER_ENCODINGS = { 'Accept-Encoding': 'br, gzip, deflate' };

const WORDS = (
  'sturdy steel copper motor blade warranty energy saving silent remote timer compact portable rechargeable ' +
  'kitchen office shop floor heavy duty five star rated three speed with stand and wall mount in white black grey'
).split(' ');

/** A description like staff write: a paragraph and a short list, its words varying from item to item. */
function description(index: number): string {
  const word = (offset: number) => WORDS[(index * 7 + offset * 13) % WORDS.length];
  const sentence = Array.from({ length: 18 }, (_unused, offset) => word(offset)).join(' ');
  return `<p>${sentence}.</p><ul><li>${word(3)} ${word(5)}</li><li>${word(8)} ${word(11)} ${word(2)}</li></ul>`;
}

const CUSTOMER = { username: 'bench-dealer', password: 'bench-dealer-password-1' };
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

/** The first 4 hex characters with a letter in them of md5(i) for i = 1000, 1001, …: a party-name fragment. */
function searchFragment(): string {
  for (let index = 1000; ; index += 1) {
    const fragment = createHash('md5').update(String(index)).digest('hex').slice(0, 4);
    if (/[a-f]/.test(fragment)) return fragment;
  }
}

/**
 * ITEMS items (with descriptions and a picture path each), `customers` customers sharing one bcrypt hash (usernames dealer-000001…, party names
 * "Party <12 hex digits of md5(i)>"), one customer and one admin whose passwords are known. Then ANALYZE,
 * as autovacuum would do soon after such a load. Returns how many customers the search fragment matches.
 */
async function seed(database: DatabaseHandle, customers: number, fragment: string): Promise<number> {
  const { db } = database;
  await migrateDatabase(database);
  const itemRows = await db
    .insert(items)
    .values(
      Array.from({ length: ITEMS }, (_unused, index) => ({
        name: `Catalogue item ${index} ${WORDS[index % WORDS.length]}`,
        description: description(index),
        pointsRequired: 10000 + index * 100,
        discount: index % 3 === 0 ? 1500 : 0,
        stock: index % 10 === 9 ? 0 : 10,
      })),
    )
    .returning({ id: items.id });
  await db.insert(itemImages).values(itemRows.map((row) => ({ itemId: row.id, path: `uploads/${randomUUID()}.webp` })));
  const sharedHash = await hashPassword(`bench-shared-${randomBytes(8).toString('hex')}`);
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, tier, available_points, total_points, is_password_reset)
    select 'dealer-' || lpad(i::text, 6, '0'), 'Party ' || substr(md5(i::text), 1, 12), '9829000000', ${sharedHash},
           'customer', 'Silver', (i % 1000) * 100, (i % 1000) * 200, true
    from generate_series(1, ${customers}::int) as i`);
  for (const [user, userType] of [
    [CUSTOMER, 'customer'],
    [ADMIN, 'admin'],
  ] as const) {
    await insertUser(db, {
      username: user.username,
      partyName: `Bench ${userType}`,
      phoneNumber: '9829012345',
      passwordHash: await hashPassword(user.password),
      userType,
      tier: userType === 'customer' ? 'Silver' : 'NoTier',
      availablePoints: userType === 'customer' ? 1234500 : 0,
      totalPoints: userType === 'customer' ? 1234500 : 0,
      isPasswordReset: true,
    });
  }
  // Contract "points expiry": each customer's points in ten lots a month apart, so `GET /api/user/points` reads
  // the dates its `expiring` lists (five), as a customer with a year of bills does.
  await db.execute(sql`
    insert into point_lots (user_id, expires_on, points_left)
    select u.id, current_date + k * 30, u.available_points / 10 + case when k = 1 then u.available_points % 10 else 0 end
    from users u cross join generate_series(1, 10) as k
    where u.user_type = 'customer' and u.available_points > 0`);
  await db.execute(sql`analyze`);
  const pattern = `%${fragment}%`;
  // Both drivers answer db.execute with { rows }, typed differently.
  const result: unknown = await db.execute(
    sql`select count(*)::int as matches from users where user_type = 'customer' and deleted_at is null and (username ilike ${pattern} or party_name ilike ${pattern})`,
  );
  return Number((result as { rows: { matches: number }[] }).rows[0]?.matches ?? 0);
}

async function checkAnswers(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${target.label} answered ${response.status}: ${body.slice(0, 300)}`);
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<void> {
  const customers = kind === 'pglite' ? PGLITE_CUSTOMERS : CUSTOMERS;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-api-'));
  let fresh: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    if (kind === 'postgres') {
      if (!POSTGRES_URL) throw new Error('no BENCH_DATABASE_URL');
      fresh = await createFreshDatabase({ adminUrl: POSTGRES_URL, prefix: 'bench' });
    }
    const fragment = searchFragment();
    const seedStarted = performance.now();
    const database = await openDatabase({ dataDir, databaseUrl: fresh?.url });
    let matches: number;
    try {
      matches = await seed(database, customers, fragment);
    } finally {
      await database.close();
    }
    console.log(
      `\n## ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${customers.toLocaleString('en-US')} customers seeded in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s; search q=${fragment} matches ${matches} customers`,
    );

    server = await startServerProcess(
      dataDir,
      fresh ? { DATABASE_URL: fresh.url, JWT_SECRET: randomBytes(32).toString('hex') } : {},
    );
    bare = await startBareServer();
    const serverPid = server.child.pid ?? 0;
    const customerToken = await signIn(server.baseUrl, CUSTOMER);
    const adminToken = await signIn(server.baseUrl, ADMIN);
    const backends = fresh?.name;
    const itemUrl = `${server.baseUrl}/api/item`;
    const brBytes = await bodyBytes(itemUrl, BROWSER_ENCODINGS);
    const plainBytes = await bodyBytes(itemUrl);
    const targets: Target[] = [
      { label: 'bare Express `{"status":"ok"}`', url: `${bare.baseUrl}/bare`, pid: bare.child.pid ?? 0 },
      // The catalogue's bodies are large; the load generator's own parser then limits what any server can
      // show (0.4 ms of its CPU for 27 KB of compressed bytes), so each is also set beside the bare process
      // sending the very same answer.
      sameAnswer(bare.baseUrl, itemUrl, brBytes, BROWSER_ENCODINGS['Accept-Encoding'], bare.child.pid ?? 0),
      {
        label: `\`GET /api/item\` (${ITEMS} items, br)`,
        url: `${server.baseUrl}/api/item`,
        headers: BROWSER_ENCODINGS,
        pid: serverPid,
        backends,
        sameBytesAs: sameAnswer(bare.baseUrl, itemUrl, brBytes, BROWSER_ENCODINGS['Accept-Encoding'], 0).label,
      },
      sameAnswer(bare.baseUrl, itemUrl, plainBytes, undefined, bare.child.pid ?? 0),
      {
        label: `\`GET /api/item\` (${ITEMS} items, uncompressed)`,
        url: `${server.baseUrl}/api/item`,
        pid: serverPid,
        backends,
        sameBytesAs: sameAnswer(bare.baseUrl, itemUrl, plainBytes, undefined, 0).label,
      },
      {
        label: '`GET /api/user/points`',
        url: `${server.baseUrl}/api/user/points`,
        headers: { Authorization: `Bearer ${customerToken}` },
        pid: serverPid,
        backends,
      },
      {
        label: '`GET /api/admin/users?page=1&limit=20`',
        url: `${server.baseUrl}/api/admin/users?page=1&limit=20`,
        headers: { Authorization: `Bearer ${adminToken}` },
        pid: serverPid,
        backends,
      },
      {
        label: `\`GET /api/admin/users?page=1&limit=20&q=${fragment}\``,
        url: `${server.baseUrl}/api/admin/users?page=1&limit=20&q=${fragment}`,
        headers: { Authorization: `Bearer ${adminToken}` },
        pid: serverPid,
        backends,
      },
    ];
    const rows: Row[] = [];
    for (const target of targets.filter(
      (candidate) =>
        !ONLY || candidate.label.startsWith('bare') || candidate.label.startsWith('same') || candidate.label.includes(ONLY),
    )) {
      await checkAnswers(target);
      if (WARMUP_SECONDS > 0) await cannon(target.url, Math.max(...CONNECTIONS), WARMUP_SECONDS, target.headers);
      for (const connections of CONNECTIONS) {
        const row = await measure(target, connections);
        rows.push(row);
        console.error(
          `  ${row.label} at ${connections}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpuMs.toFixed(2)} ms CPU/req`,
        );
      }
    }
    console.log(
      `\nautocannon ${SECONDS} s a run after ${WARMUP_SECONDS} s of warm-up, ${cpus().length} cores, Node ${process.version}; ` +
        `the bare endpoint is plain Express in its own process started by this script; CPU from /proc/<pid>/stat (CLK_TCK ${CLK_TCK}).\n`,
    );
    console.log(table(rows, Boolean(fresh)));
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
    if (kind === 'pglite' || kind === 'postgres') await benchDatabase(kind);
  }
}

await main();
