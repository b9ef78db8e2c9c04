import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase, wrapPostgresPool, type DatabaseHandle } from '../db/client';
import { createAdmin } from '../test/factories';
import { bearer, loginAs, useTestApp } from '../test/http';
import { describeDatabaseUnavailable, isDatabaseUnavailable } from './database-errors';

// A PostgreSQL address where nothing listens: every connection is refused, as while the server is down.
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const t = useTestApp();
let unreachable: DatabaseHandle;
let appWithoutDatabase: Express;

beforeAll(async () => {
  const pool = new pg.Pool({
    connectionString: `postgres://rewards:rewards@127.0.0.1:${await closedPort()}/rewards`,
    connectionTimeoutMillis: 2_000,
  });
  unreachable = wrapPostgresPool(pool);
  // The same server (secret, clock, configuration) whose database has gone away.
  appWithoutDatabase = createApp({ ...t.deps, db: unreachable.db });
});
afterAll(() => unreachable.close());

const UNAVAILABLE = {
  error: 'The database is not reachable at the moment. Please try again shortly.',
  message: 'The database is not reachable at the moment. Please try again shortly.',
  code: 'DATABASE_UNAVAILABLE',
};

describe('when the database cannot be reached', () => {
  it('then GET /api/health answers 503 DATABASE_UNAVAILABLE in the contract’s error shape', async () => {
    const response = await request(appWithoutDatabase).get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual(UNAVAILABLE);
    expect(response.headers['retry-after']).toBe('5');
  });

  it('then sign-in, public lists and signed-in reads answer 503 DATABASE_UNAVAILABLE, never 500', async () => {
    const admin = await createAdmin(t.db);
    const token = await loginAs(t.app, admin.username, admin.password);

    const answers = [
      await request(appWithoutDatabase).post('/api/auth/login').send({ username: admin.username, password: admin.password }),
      await request(appWithoutDatabase).get('/api/item'),
      await request(appWithoutDatabase).get('/api/admin/users?page=1&limit=20').set(bearer(token)),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    for (const answer of answers) expect(answer.body).toEqual(UNAVAILABLE);
    // The same token still works where the database answers: nothing was revoked by the outage.
    expect((await request(t.app).get('/api/admin/users?page=1&limit=20').set(bearer(token))).status).toBe(200);
  });
});

describe('a database that accepts connections but never answers', () => {
  it('when the server opens it, then it gives up after the connect timeout instead of hanging, as unavailable', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const startedAt = Date.now();

    const failure: unknown = await openDatabase({
      databaseUrl: `postgres://rewards:rewards@127.0.0.1:${port}/rewards`,
      dataDir: '.',
    }).then(
      (handle) => handle.close(),
      (error: unknown) => error,
    );

    const waited = Date.now() - startedAt;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(describeDatabaseUnavailable(failure).reason).toBe('Connection terminated due to connection timeout');
    expect(waited).toBeGreaterThanOrEqual(4_500);
    expect(waited).toBeLessThan(15_000);
  });
});

describe('isDatabaseUnavailable', () => {
  it('when drizzle wraps a refused connection, then it is unavailable and the log gets only the driver’s reason', async () => {
    const refused: unknown = await unreachable.db.execute(sql`select ${'secret-value'}::text`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const described = describeDatabaseUnavailable(refused);
    expect(described).toEqual({ code: 'ECONNREFUSED', reason: expect.stringContaining('ECONNREFUSED') });
    expect(JSON.stringify(described)).not.toContain('secret-value');
  });

  it('when a query fails for its own reasons, then it is not, even if a value it carried reads like a lost connection', async () => {
    const badValue: unknown = await t.db
      .execute(sql`select ${'Connection terminated unexpectedly'}::int`)
      .catch((error: unknown) => error);
    const missingTable: unknown = await t.db.execute(sql`select * from no_such_table`).catch((error: unknown) => error);

    expect(badValue).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(badValue)).toBe(false);
    expect(missingTable).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(missingTable)).toBe(false);
  });
});
