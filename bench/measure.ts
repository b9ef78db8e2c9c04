import { get } from 'node:http';
// Shared by the benchmarks beside a bare endpoint (api.bench.ts, bills.bench.ts): the bare Express process, an
// autocannon run with the CPU per request of the server (and of PostgreSQL's backends), and the table.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/server-process';

/** The databases a benchmark can run on: the embedded one, or a PostgreSQL server. */
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * BENCH_DATABASES (default "pglite,postgres"): which databases a benchmark measures, in order. A name it does not
 * know stops it ("postgresql" had measured PGlite under PostgreSQL's name).
 */
export function benchDatabases(): DatabaseKind[] {
  const names = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  for (const name of names) {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_DATABASES: no database "${name}" (pglite, postgres)`);
  }
  return names as DatabaseKind[];
}

/** How long each measured run lasts (BENCH_SECONDS, default 8). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
export const CLK_TCK = clockTicksPerSecond();

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
export async function startBareServer(): Promise<{ baseUrl: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const code = `import('express').then(({ default: express }) => {
    const app = express();
    app.get('/bare', (_request, response) => { response.json({ status: 'ok' }); });
    // The answer of an endpoint under test, fetched once as it is sent (compressed or not) and then sent
    // again with no work per request: what the sockets and the load generator allow for that body (issue 10:
    // the catalogue's answer is tens of KB, and the load generator's own parser is then the limit).
    const copies = new Map();
    app.get('/bare/copy', (request, response) => {
      const key = request.query.url + '|' + (request.query.encoding || '');
      const send = (copy) => {
        response.set('Content-Type', copy.type);
        if (copy.encoding) response.set('Content-Encoding', copy.encoding);
        response.send(copy.body);
      };
      if (copies.has(key)) return send(copies.get(key));
      const headers = request.query.encoding ? { 'Accept-Encoding': request.query.encoding } : {};
      require('node:http').get(request.query.url, { headers }, (upstream) => {
        const chunks = [];
        upstream.on('data', (chunk) => chunks.push(chunk));
        upstream.on('end', () => {
          const copy = { body: Buffer.concat(chunks), type: upstream.headers['content-type'], encoding: upstream.headers['content-encoding'] };
          copies.set(key, copy);
          send(copy);
        });
      });
    });
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

export async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) throw new Error(`sign-in as ${user.username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export type Target = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  pid: number;
  backends?: string;
  /** The label of a yardstick row that sends a body of the same size (see /bare/bytes): a second ratio. */
  sameBytesAs?: string;
};
export type Row = {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMs: number;
  dbCpuMs?: number;
  sameBytesAs?: string;
};

export function cannon(
  url: string,
  connections: number,
  seconds: number,
  headers?: Record<string, string>,
  options: Partial<autocannon.Options> = {},
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers, ...options }, (error: unknown, result) =>
      error ? reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error })) : resolve(result),
    );
  });
}

export async function measure(target: Target, connections: number, options: Partial<autocannon.Options> = {}): Promise<Row> {
  const serverBefore = cpuTicks(target.pid);
  const backendsBefore = target.backends ? backendTicks(target.backends) : undefined;
  const result = await cannon(target.url, connections, SECONDS, target.headers, options);
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
    sameBytesAs: target.sameBytesAs,
  };
}

/** The size of an answer's body as sent (compressed when the headers ask for it), not as decoded. */
export function bodyBytes(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

export function table(rows: Row[], withDatabaseCpu: boolean): string {
  const bareRps = new Map(rows.filter((row) => row.label.startsWith('bare')).map((row) => [row.connections, row.rps]));
  const withSameBytes = rows.some((row) => row.sameBytesAs);
  const lines = [
    `| endpoint | conn. | req/s | % of bare |${withSameBytes ? ' % of same bytes |' : ''} p50 ms | p99 ms | errors / non-2xx | server CPU ms/req |${withDatabaseCpu ? ' PostgreSQL CPU ms/req |' : ''}`,
    `| --- | ---: | ---: | ---: |${withSameBytes ? ' ---: |' : ''} ---: | ---: | ---: | ---: |${withDatabaseCpu ? ' ---: |' : ''}`,
  ];
  for (const row of rows) {
    const share = (row.rps / (bareRps.get(row.connections) ?? row.rps)) * 100;
    const yardstick = rows.find((other) => other.label === row.sameBytesAs && other.connections === row.connections);
    const sameBytes = yardstick ? `${((row.rps / yardstick.rps) * 100).toFixed(0)} %` : '';
    lines.push(
      `| ${row.label} | ${row.connections} | ${Math.round(row.rps).toLocaleString('en-US')} | ${share.toFixed(0)} % |${withSameBytes ? ` ${sameBytes} |` : ''} ${row.p50} | ${row.p99} | ` +
        `${row.errors} / ${row.non2xx} | ${row.cpuMs.toFixed(2)} |${withDatabaseCpu ? ` ${row.dbCpuMs === undefined ? '' : row.dbCpuMs.toFixed(2)} |` : ''}`,
    );
  }
  return lines.join('\n');
}
