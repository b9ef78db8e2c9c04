import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { call, customerRows, OWNER, scratchFolder, signIn, sleep, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Contract "Bulk customer upload": a file adds everyone or nobody. kill -9 while an import job hashes, then
// start again: none of the file's customers exists, what was there before is still there, the server answers.
// Only what the API shows is asserted about the job, so it holds whether jobs live in memory or in the database.

const ROWS = 300;
const servers: ServerProcess[] = [];
const databases: FreshDatabase[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(databases.map((database) => database.drop()));
});

type Target = { start: () => Promise<ServerProcess>; countUsers?: (prefix: string) => Promise<number> };

const targets: [string, () => Promise<Target>][] = [
  [
    'PostgreSQL',
    async () => {
      const database = await createFreshDatabase();
      databases.push(database);
      return {
        start: () => startServerOn(database.url),
        countUsers: async (prefix) =>
          Number(
            (
              await database.query<{ count: string }>('select count(*) as count from users where username like $1', [
                `${prefix}%`,
              ])
            )[0]?.count,
          ),
      };
    },
  ],
  [
    'the embedded database',
    () => {
      const dataDir = scratchFolder();
      const env = { NODE_ENV: 'test', SUPERADMIN_USERNAME: OWNER.username, SUPERADMIN_PASSWORD: OWNER.password };
      return Promise.resolve({ start: () => startServerProcess(dataDir, env) });
    },
  ],
];

/** Waits until the job is seen working (hashing rows); fails if it already finished, which would prove nothing. */
async function waitUntilWorking(baseUrl: string, token: string, jobId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { body } = await call(baseUrl, token, 'GET', `/api/admin/customer-imports/${jobId}`);
    const job = body as { status?: string; processed?: number };
    if (job.status === 'completed' || job.status === 'failed') {
      throw new Error(`the import ended (${job.status}) before the kill; give the test more rows`);
    }
    if ((job.processed ?? 0) > 0) return;
    await sleep(100);
  }
  throw new Error('the import did not start within 30 s');
}

describe.each(targets)('kill -9 during a customer import on %s', (_name, prepare) => {
  it(`when the server is killed while a file of ${ROWS} customers is being imported, then after a restart none of them exists and the server answers`, async () => {
    const target = await prepare();
    const first = await target.start();
    servers.push(first);
    const token = await signIn(first.baseUrl);
    expect(
      (await call(first.baseUrl, token, 'POST', '/api/admin/add-customers', { users: customerRows('kept', 3) })).status,
    ).toBe(201);

    const started = await call(first.baseUrl, token, 'POST', '/api/admin/customer-imports', {
      users: customerRows('killed', ROWS),
    });
    expect(started.status).toBe(202);
    await waitUntilWorking(first.baseUrl, token, (started.body as { _id: string })._id);
    first.child.kill('SIGKILL');
    await first.exited;

    const again = await target.start();
    servers.push(again);
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    // Sessions are rows in the database: the token from before the kill still works.
    const killed = await call(again.baseUrl, token, 'GET', '/api/admin/users?q=killed&page=1&limit=20');
    expect(killed).toMatchObject({ status: 200, body: { total: 0, items: [] } });
    const kept = await call(again.baseUrl, token, 'GET', '/api/admin/users?q=kept&page=1&limit=20');
    expect(kept).toMatchObject({ status: 200, body: { total: 3 } });
    if (target.countUsers) expect(await target.countUsers('killed')).toBe(0);
    const login = await fetch(`${again.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'killed0', password: customerRows('killed', 1)[0]?.password }),
    });
    expect(login.status).toBe(401);
  });
});
