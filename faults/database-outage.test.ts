import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../e2e/server-process';
import { call, customerRows, signIn, sleep, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Issue 7, finding 1: a dropped PostgreSQL connection ended the process ("Unhandled 'error' event", 57P01).
// Under load, every backend of the database is terminated twice: once plainly (the pool reconnects at once),
// once with new connections refused for a few seconds (a restart, a failover). The server must stay up,
// answer 503 DATABASE_UNAVAILABLE while it cannot reach the database, never 500, and recover by itself.

type Answer = { path: string; startedAt: number; status: number; code?: string };

const READS = ['/api/admin/users?page=1&limit=20', '/api/health'];

/** `connections` loops of requests, alternating the signed-in list and the health check, until stopped. */
function startLoad(baseUrl: string, token: string, connections: number) {
  const answers: Answer[] = [];
  let running = true;
  const worker = async (offset: number) => {
    for (let index = offset; running; index += 1) {
      const path = READS[index % READS.length] ?? '/api/health';
      const startedAt = Date.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await response.json()) as { code?: string };
        answers.push({ path, startedAt, status: response.status, code: response.ok ? undefined : body.code });
      } catch (error) {
        // No answer at all (the process died, or hung past the timeout): status 0.
        answers.push({ path, startedAt, status: 0, code: String((error as { cause?: { code?: string } }).cause?.code ?? error) });
        await sleep(50);
      }
    }
  };
  const workers = Array.from({ length: connections }, (_unused, index) => worker(index));
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return answers;
    },
  };
}

const summary = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => {
    const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

let database: FreshDatabase;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createFreshDatabase({ ownRole: true });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('PostgreSQL connections terminated under load', () => {
  it('when every backend is terminated twice, then the process stays up, answers 503 DATABASE_UNAVAILABLE (never 500) while it must, and recovers by itself', async () => {
    server = await startServerOn(database.url);
    const { baseUrl } = server;
    const token = await signIn(baseUrl);
    expect((await call(baseUrl, token, 'POST', '/api/admin/add-customers', { users: customerRows('outage', 25) })).status).toBe(
      201,
    );

    const load = startLoad(baseUrl, token, 12);
    await sleep(1_500);

    // 1. A plain drop: the pool's connections die under the requests using them.
    const firstTerminated = await database.terminateBackends();
    await sleep(2_000);

    // 2. An outage: new connections are refused (53300) while every existing one is terminated.
    await database.setConnectionLimit(0);
    const outageFrom = Date.now();
    const secondTerminated = await database.terminateBackends();
    await sleep(3_000);
    await database.setConnectionLimit(-1);
    const outageTo = Date.now();

    await sleep(3_000);
    const answers = await load.stop();

    const verdict = {
      alive: server.child.exitCode === null && server.child.signalCode === null,
      firstTerminated,
      secondTerminated,
      all: summary(answers),
      outage: summary(answers.filter((answer) => answer.startedAt >= outageFrom && answer.startedAt < outageTo - 500)),
      // Requests begun a second after connections were allowed again.
      recovered: summary(answers.filter((answer) => answer.startedAt >= outageTo + 1_000)),
    };
    console.log('database outage under load:', JSON.stringify(verdict));

    expect(verdict.alive).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(firstTerminated).toBeGreaterThan(0);
    expect(secondTerminated).toBeGreaterThan(0);
    // Never a 500 or no answer: every failure is the contract's 503.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(answers.filter((answer) => answer.status === 503 && answer.code !== 'DATABASE_UNAVAILABLE')).toEqual([]);
    // While connections were refused, health and the signed-in list said so.
    const duringOutage = answers.filter((answer) => answer.startedAt >= outageFrom && answer.startedAt < outageTo - 500);
    expect(duringOutage.some((answer) => answer.path === '/api/health' && answer.status === 503)).toBe(true);
    expect(duringOutage.some((answer) => answer.path.startsWith('/api/admin/users') && answer.status === 503)).toBe(true);
    // Back by itself: everything succeeds again.
    const afterOutage = answers.filter((answer) => answer.startedAt >= outageTo + 1_000);
    expect(afterOutage.length).toBeGreaterThan(20);
    expect(afterOutage.filter((answer) => answer.status !== 200)).toEqual([]);
    const list = await call(baseUrl, token, 'GET', '/api/admin/users?page=1&limit=20');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 25 });

    // Logged as warnings, with no query or parameters in them.
    const logLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.some((line) => line.includes('"level":40') && line.includes('DATABASE_UNAVAILABLE'))).toBe(true);
    expect(logLines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    expect(logLines.filter((line) => /params|select |\$2b\$/i.test(line))).toEqual([]);
  });
});
