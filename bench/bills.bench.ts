// `npm run bench:bills` (also part of `npm run bench`): bill entry under load (issue 9, "Benchmark"):
// POST /api/bill at 20 concurrent connections, each request a new bill (unique number) for one of 1,000
// customers, beside the bare endpoint in the same run, on PGlite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL, a superuser) on PostgreSQL. After each run the ledger is checked: every balance equals
// its ledger's sums and every bill entered has its entry. Figures are recorded in docs/benchmarks.md.
//
// Environment: BENCH_SECONDS (each measured run, default 8), BENCH_BILL_CONNECTIONS (default 20),
// BENCH_DATABASES (default "pglite,postgres").
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { insertUser } from '../server/src/features/users/users.repository';
import { hashPassword } from '../server/src/lib/passwords';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { createFreshDatabase, type FreshDatabase } from '../faults/postgres';
import { benchDatabases, measure, SECONDS, signIn, startBareServer, table, type Row } from './measure';

const CONNECTIONS = Number(process.env.BENCH_BILL_CONNECTIONS ?? 20);
const DATABASES = benchDatabases();
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CUSTOMERS = 1000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

/** 1,000 Silver customers and an admin. Returns the customers' ids. */
async function seed(database: DatabaseHandle): Promise<string[]> {
  const { db } = database;
  await migrateDatabase(database);
  const sharedHash = await hashPassword(`bench-shared-${randomBytes(8).toString('hex')}`);
  await db.execute(sql`
    insert into users (username, party_name, phone_number, password_hash, user_type, tier, is_password_reset)
    select 'dealer-' || lpad(i::text, 6, '0'), 'Party ' || i, '9829000000', ${sharedHash}, 'customer', 'Silver', true
    from generate_series(1, ${CUSTOMERS}::int) as i`);
  await insertUser(db, {
    username: ADMIN.username,
    partyName: 'Bench admin',
    phoneNumber: '9829012345',
    passwordHash: await hashPassword(ADMIN.password),
    userType: 'admin',
    isPasswordReset: true,
  });
  const rows: unknown = await db.execute(sql`select id from users where user_type = 'customer'`);
  return (rows as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Balances that differ from their ledger's sums, and bills without their bill_entered entry (both must be 0). */
async function checkLedger(database: DatabaseHandle) {
  const result: unknown = await database.db.execute(sql`
    select
      (select count(*)::int from users u
        left join (select user_id, sum(available_delta) a, sum(total_delta) t from points_ledger group by user_id) s on s.user_id = u.id
        where u.available_points <> coalesce(s.a, 0) or u.total_points <> coalesce(s.t, 0)) as mismatched,
      (select count(*)::int from bills b where not exists
        (select 1 from points_ledger l where l.bill_id = b.id and l.reason = 'bill_entered')) as unentered,
      (select count(*)::int from bills) as bills`);
  return (result as { rows: { mismatched: number; unentered: number; bills: number }[] }).rows[0]!;
}

async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-bench-bills-'));
  let fresh: FreshDatabase | undefined;
  let server: ServerProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    if (kind === 'postgres') {
      if (!POSTGRES_URL) throw new Error('no BENCH_DATABASE_URL');
      fresh = await createFreshDatabase({ adminUrl: POSTGRES_URL, prefix: 'benchbills' });
    }
    let database = await openDatabase({ dataDir, databaseUrl: fresh?.url });
    let customerIds: string[];
    try {
      customerIds = await seed(database);
    } finally {
      await database.close();
    }
    server = await startServerProcess(
      dataDir,
      fresh ? { DATABASE_URL: fresh.url, JWT_SECRET: randomBytes(32).toString('hex') } : {},
    );
    bare = await startBareServer();
    const token = await signIn(server.baseUrl, ADMIN);
    const run = randomBytes(3).toString('hex');
    let sequence = 0;
    const rows: Row[] = [];
    rows.push(
      await measure(
        { label: 'bare Express `{"status":"ok"}`', url: `${bare.baseUrl}/bare`, pid: bare.child.pid ?? 0 },
        CONNECTIONS,
      ),
    );
    const billRow = await measure(
      {
        label: '`POST /api/bill` (a new bill each)',
        url: `${server.baseUrl}/api/bill`,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        pid: server.child.pid ?? 0,
        backends: fresh?.name,
      },
      CONNECTIONS,
      {
        method: 'POST',
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              sequence += 1;
              const userId = customerIds[sequence % customerIds.length]!;
              return {
                ...request,
                body: JSON.stringify({ userId, billNumber: `B-${run}-${sequence}`, billAmount: 1000 + (sequence % 5000) }),
              };
            },
          },
        ],
      },
    );
    rows.push(billRow);
    await server.stop();
    server = undefined;
    database = await openDatabase({ dataDir, databaseUrl: fresh?.url });
    let check: Awaited<ReturnType<typeof checkLedger>>;
    try {
      check = await checkLedger(database);
    } finally {
      await database.close();
    }
    console.log(`\n## ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${CONNECTIONS} connections, ${SECONDS} s\n`);
    console.log(table(rows, Boolean(fresh)));
    console.log(
      `\nbills entered: ${check.bills}; balances different from their ledger: ${check.mismatched}; bills without their ledger entry: ${check.unentered}`,
    );
    if (check.mismatched !== 0 || check.unentered !== 0 || billRow.errors !== 0 || billRow.non2xx !== 0) process.exitCode = 1;
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
