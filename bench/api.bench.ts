// `npm run bench:api` (also the second half of `npm run bench`): throughput, latency and server CPU per request
// of the API's hot reads with many customers (issue 8, "Benchmarks"), each beside a bare endpoint measured in the
// same run with the same autocannon settings. Runs the real server process on a fresh embedded database (PGlite)
// and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server as a superuser, on a fresh
// scratch database created there and dropped afterwards. Figures are recorded in docs/benchmarks.md.
//
// Environment: BENCH_CUSTOMERS (default 100000; BENCH_PGLITE_CUSTOMERS overrides it for PGlite only),
// BENCH_SECONDS (each measured run, default 8), BENCH_WARMUP_SECONDS (before each endpoint, default 2),
// BENCH_CONNECTIONS (default "10,50"), BENCH_DATABASES (default "pglite,postgres").
import autocannon from 'autocannon';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { items } from '../server/src/db/schema';
import { insertUser } from '../server/src/features/users/users.repository';
import { hashPassword } from '../server/src/lib/passwords';
import { freePort, startServerProcess, type ServerProcess } from '../e2e/server-process';
import { createFreshDatabase, type FreshDatabase } from '../faults/postgres';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const PGLITE_CUSTOMERS = Number(process.env.BENCH_PGLITE_CUSTOMERS ?? CUSTOMERS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const CUSTOMER = { username: 'bench-dealer', password: 'bench-dealer-password-1' };
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
const CLK_TCK = clockTicksPerSecond();

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat; field 2 may hold spaces). */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving one database (their command line names it), as pid → CPU ticks. */
function backendTicks(databaseName: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('postgres: ') && command.includes(` ${databaseName} `))
        ticks.set(Number(entry), cpuTicks(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

function backendTicksSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
}

/**
 * The bare endpoint: plain Express (no helmet, no logging, no database) answering {"status":"ok"}, in a process
 * of its own started by this script, so that it does not share an event loop with autocannon (the real server
 * does not either) and its CPU per request can be read like the server's.
 */
async function startBareServer(): Promise<{ baseUrl: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const code = `import('express').then(({ default: express }) => {
    const app = express();
    app.get('/bare', (_request, response) => { response.json({ status: 'ok' }); });
    app.listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));
  });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', () => reject(new Error('the bare server exited early')));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The first 4 hex characters with a letter in them of md5(i) for i = 1000, 1001, …: a party-name fragment. */
function searchFragment(): string {
  for (let index = 1000; ; index += 1) {
    const fragment = createHash('md5').update(String(index)).digest('hex').slice(0, 4);
    if (/[a-f]/.test(fragment)) return fragment;
  }
}

/**
 * 40 items, `customers` customers sharing one bcrypt hash (usernames dealer-000001…, party names
 * "Party <12 hex digits of md5(i)>"), one customer and one admin whose passwords are known. Then ANALYZE,
 * as autovacuum would do soon after such a load. Returns how many customers the search fragment matches.
 */
async function seed(database: DatabaseHandle, customers: number, fragment: string): Promise<number> {
  const { db } = database;
  await migrateDatabase(database);
  await db.insert(items).values(
    Array.from({ length: 40 }, (_unused, index) => ({
      name: `Catalogue item ${index}`,
      description: '<p>A reward</p>',
      pointsRequired: 10000 + index * 100,
      stock: 10,
    })),
  );
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
  await db.execute(sql`analyze`);
  const pattern = `%${fragment}%`;
  // Both drivers answer db.execute with { rows }, typed differently.
  const result: unknown = await db.execute(
    sql`select count(*)::int as matches from users where user_type = 'customer' and deleted_at is null and (username ilike ${pattern} or party_name ilike ${pattern})`,
  );
  return Number((result as { rows: { matches: number }[] }).rows[0]?.matches ?? 0);
}

async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-in as ${user.username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

type Target = { label: string; url: string; headers?: Record<string, string>; pid: number; backends?: string };
type Row = {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMs: number;
  dbCpuMs?: number;
};

function cannon(url: string, connections: number, seconds: number, headers?: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error: unknown, result) =>
      error ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error })) : resolve(result),
    );
  });
}

async function measure(target: Target, connections: number): Promise<Row> {
  const serverBefore = cpuTicks(target.pid);
  const backendsBefore = target.backends ? backendTicks(target.backends) : undefined;
  const result = await cannon(target.url, connections, SECONDS, target.headers);
  const serverTicks = cpuTicks(target.pid) - serverBefore;
  const dbTicks =
    target.backends && backendsBefore ? backendTicksSince(backendsBefore, backendTicks(target.backends)) : undefined;
  const requests = Math.max(1, result.requests.total);
  const perRequestMs = (ticks: number) => (ticks * 1000) / CLK_TCK / requests;
  return {
    label: target.label,
    connections,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors, // timeouts included
    non2xx: result.non2xx,
    cpuMs: perRequestMs(serverTicks),
    dbCpuMs: dbTicks === undefined ? undefined : perRequestMs(dbTicks),
  };
}

async function checkAnswers(target: Target): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${target.label} answered ${response.status}: ${body.slice(0, 300)}`);
}

function table(rows: Row[], withDatabaseCpu: boolean): string {
  const bareRps = new Map(rows.filter((row) => row.label.startsWith('bare')).map((row) => [row.connections, row.rps]));
  const lines = [
    `| endpoint | conn. | req/s | % of bare | p50 ms | p99 ms | errors / non-2xx | server CPU ms/req |${withDatabaseCpu ? ' PostgreSQL CPU ms/req |' : ''}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${withDatabaseCpu ? ' ---: |' : ''}`,
  ];
  for (const row of rows) {
    const share = (row.rps / (bareRps.get(row.connections) ?? row.rps)) * 100;
    lines.push(
      `| ${row.label} | ${row.connections} | ${Math.round(row.rps).toLocaleString('en-US')} | ${share.toFixed(0)} % | ${row.p50} | ${row.p99} | ` +
        `${row.errors} / ${row.non2xx} | ${row.cpuMs.toFixed(2)} |${withDatabaseCpu ? ` ${row.dbCpuMs === undefined ? '' : row.dbCpuMs.toFixed(2)} |` : ''}`,
    );
  }
  return lines.join('\n');
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
    const targets: Target[] = [
      { label: 'bare Express `{"status":"ok"}`', url: `${bare.baseUrl}/bare`, pid: bare.child.pid ?? 0 },
      { label: '`GET /api/item`', url: `${server.baseUrl}/api/item`, pid: serverPid, backends },
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
    for (const target of targets) {
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
