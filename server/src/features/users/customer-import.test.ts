import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { createAdmin, createCustomer, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { createApp } from '../../app';
import { bearer, loginAs, useTestApp } from '../../test/http';
import { STALE_IMPORT_MS } from './customer-import.service';

// Import jobs hash through this gate: open by default; a test closes it to hold a job mid-hashing.
let hashingGate: Promise<void> = Promise.resolve();
// How many bulk hashes run at once, at most (the lane allows two per process).
const hashing = { now: 0, most: 0 };
const t = useTestApp({
  hashPassword: async (password) => {
    await hashingGate;
    hashing.now += 1;
    hashing.most = Math.max(hashing.most, hashing.now);
    try {
      return await hashPassword(password);
    } finally {
      hashing.now -= 1;
    }
  },
});

/** Holds every bulk hash until the returned function is called. */
function closeHashingGate(): () => void {
  let open = () => undefined as void;
  hashingGate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    open();
    hashingGate = Promise.resolve();
  };
}
let adminToken: string;
let otherAdminToken: string;
let superToken: string;

beforeAll(async () => {
  const admin = await createAdmin(t.db);
  const otherAdmin = await createAdmin(t.db);
  const superadmin = await createSuperadmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
  otherAdminToken = await loginAs(t.app, otherAdmin.username, otherAdmin.password);
  superToken = await loginAs(t.app, superadmin.username, superadmin.password);
});

const row = (username: string, overrides: Record<string, unknown> = {}) => ({
  username,
  partyName: `Party of ${username}`,
  phoneNumber: '9829000000',
  password: 'import-pass-1',
  ...overrides,
});

async function customersMatching(prefix: string): Promise<string[]> {
  const response = await request(t.app).get('/api/admin/users').query({ q: prefix }).set(bearer(adminToken));
  return (response.body as { username: string }[]).map((user) => user.username).sort();
}

describe('POST /api/admin/add-customers', () => {
  it('when every row is clean, then 201 with every added customer, all in one go', async () => {
    const prefix = `bulk-${uniqueSuffix()}`;
    const rows = [row(`${prefix}-a`), row(`${prefix}-b`), row(`${prefix}-c`)];

    const response = await request(t.app).post('/api/admin/add-customers').set(bearer(adminToken)).send({ users: rows });

    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(3);
    expect(response.body[0]).toMatchObject({ username: `${prefix}-a`, userType: 'customer', isPasswordReset: false });
    expect(await customersMatching(prefix)).toEqual([`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ username: `${prefix}-b`, password: 'import-pass-1' });
    expect(login.status).toBe(200);
  });

  it('when any row is bad, then 400 lists every bad row with its problems, and nobody is added', async () => {
    const prefix = `bad-${uniqueSuffix()}`;
    const taken = await createCustomer(t.db, { username: `${prefix}-taken` });
    const rows = [
      row(`${prefix}-ok`),
      row(`${prefix}-short`, { password: 'short' }),
      row(`${prefix}-ok2`),
      row(`${prefix}-OK`),
      row(taken.username.toUpperCase()),
      { username: '', partyName: '', phoneNumber: 'abc', password: '' },
      'not even an object',
    ];

    const response = await request(t.app).post('/api/admin/add-customers').set(bearer(adminToken)).send({ users: rows });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: '5 rows have problems; nobody was added' });
    const details = response.body.details as {
      index: number;
      username: string;
      problems: { field: string; message: string }[];
    }[];
    expect(details.map((detail) => detail.index)).toEqual([1, 3, 4, 5, 6]);
    expect(details[0]).toEqual({
      index: 1,
      username: `${prefix}-short`,
      problems: [{ field: 'password', message: 'Password must be at least 8 characters' }],
    });
    expect(details[1]!.problems).toEqual([{ field: 'username', message: 'Username appears more than once in the file' }]);
    expect(details[2]!.problems).toEqual([{ field: 'username', message: 'Username already exists' }]);
    expect([...new Set(details[3]!.problems.map((problem) => problem.field))].sort()).toEqual([
      'partyName',
      'password',
      'phoneNumber',
      'username',
    ]);
    expect(await customersMatching(prefix)).toEqual([taken.username]);
  });

  it.each([
    ['no users field', {}],
    ['an empty list', { users: [] }],
    ['users that is not a list', { users: 'everyone' }],
  ])('when the body has %s, then 400', async (_label, body) => {
    const response = await request(t.app).post('/api/admin/add-customers').set(bearer(adminToken)).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('when a customer tries, then 403', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);
    const response = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(token))
      .send({ users: [row('x-y-z')] });
    expect(response.status).toBe(403);
  });
});

async function waitForImport(id: string, token = adminToken) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await request(t.app).get(`/api/admin/customer-imports/${id}`).set(bearer(token));
    if (response.body.status === 'completed' || response.body.status === 'failed') return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe('POST /api/admin/customer-imports (imports that take a while)', () => {
  it('when a clean file is started, then 202 with progress, and at the end every added customer', async () => {
    const prefix = `job-${uniqueSuffix()}`;
    const rows = Array.from({ length: 12 }, (_unused, index) => row(`${prefix}-${String(index).padStart(2, '0')}`));

    const started = await request(t.app).post('/api/admin/customer-imports').set(bearer(adminToken)).send({ users: rows });

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ _id: expect.any(String), status: 'queued', total: 12, processed: 0 });
    const finished = await waitForImport(started.body._id);
    expect(finished.body).toMatchObject({ status: 'completed', total: 12, processed: 12 });
    expect(finished.body.added.map((user: { username: string }) => user.username)).toEqual(rows.map((r) => r.username));
    expect(await customersMatching(prefix)).toHaveLength(12);
  });

  it('when the same start is retried with its Idempotency-Key, then the same import answers and nobody is added twice', async () => {
    const prefix = `retry-${uniqueSuffix()}`;
    const rows = [row(`${prefix}-a`), row(`${prefix}-b`)];
    const key = `import-${uniqueSuffix()}-${uniqueSuffix()}`;

    const first = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .set('Idempotency-Key', key)
      .send({ users: rows });
    await waitForImport(first.body._id);
    const retry = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .set('Idempotency-Key', key)
      .send({ users: rows });

    // The first answer again, word for word; polling that job shows it done.
    expect(retry.status).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await waitForImport(retry.body._id)).body.status).toBe('completed');
    expect(await customersMatching(prefix)).toEqual([`${prefix}-a`, `${prefix}-b`]);

    // Without the key, the same rows are now duplicates of the database: refused, nothing added.
    const again = await request(t.app).post('/api/admin/customer-imports').set(bearer(adminToken)).send({ users: rows });
    expect(again.status).toBe(400);
    expect(again.body.details).toHaveLength(2);
  });

  it('when the same Idempotency-Key comes with another file, then 409 and the other file adds nobody', async () => {
    const prefix = `reuse-${uniqueSuffix()}`;
    const key = `import-${uniqueSuffix()}-${uniqueSuffix()}`;
    const first = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .set('Idempotency-Key', key)
      .send({ users: [row(`${prefix}-a`)] });
    await waitForImport(first.body._id);

    const other = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .set('Idempotency-Key', key)
      .send({ users: [row(`${prefix}-b`)] });

    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Idempotency-Key was already used/) });
    expect(await customersMatching(prefix)).toEqual([`${prefix}-a`]);
  });

  it('when a username is taken while the import hashes, then the import fails and adds nobody', async () => {
    const prefix = `race-${uniqueSuffix()}`;
    const rows = Array.from({ length: 3 }, (_unused, index) => row(`${prefix}-${index}`));
    let openGate = () => undefined as void;
    hashingGate = new Promise<void>((resolve) => {
      openGate = resolve;
    });

    // The job is held before its first hash while the single add takes one of its names.
    const started = await request(t.app).post('/api/admin/customer-imports').set(bearer(adminToken)).send({ users: rows });
    const single = await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(adminToken))
      .send(row(`${prefix}-2`));
    expect(single.status).toBe(201);
    expect(
      (await request(t.app).get(`/api/admin/customer-imports/${started.body._id}`).set(bearer(adminToken))).body,
    ).toMatchObject({ status: expect.stringMatching(/^(queued|hashing)$/), processed: 0 });
    openGate();
    hashingGate = Promise.resolve();
    const finished = await waitForImport(started.body._id);

    expect(finished.body).toMatchObject({
      status: 'failed',
      error: {
        code: 'VALIDATION_FAILED',
        details: [{ index: 2, username: `${prefix}-2`, problems: [{ field: 'username', message: 'Username already exists' }] }],
      },
    });
    expect(finished.body.added).toBeUndefined();
    expect(await customersMatching(prefix)).toEqual([`${prefix}-2`]);
  });

  it('when another admin asks for the import, then 404; a superadmin may see it', async () => {
    const started = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .send({ users: [row(`own-${uniqueSuffix()}`)] });
    expect(
      (await request(t.app).get(`/api/admin/customer-imports/${started.body._id}`).set(bearer(otherAdminToken))).status,
    ).toBe(404);
    expect((await waitForImport(started.body._id, superToken)).body.status).toBe('completed');
  });

  it('when the Idempotency-Key is malformed, then 400', async () => {
    const response = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .set('Idempotency-Key', 'bad key!')
      .send({ users: [row(`k-${uniqueSuffix()}`)] });
    expect(response.status).toBe(400);
  });
});

describe('import jobs: one at a time, visible to every process, never outliving their process', () => {
  const importStatus = async (id: string, app = t.app) =>
    (await request(app).get(`/api/admin/customer-imports/${id}`).set(bearer(adminToken))).body as {
      status: string;
      processed: number;
    };

  it('when a second import starts while one runs, then it waits as queued, and both end complete', async () => {
    const prefix = `queue-${uniqueSuffix()}`;
    const openGate = closeHashingGate();
    const first = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .send({ users: [row(`${prefix}-a1`), row(`${prefix}-a2`)] });
    const second = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .send({ users: [row(`${prefix}-b1`)] });
    await expect.poll(async () => (await importStatus(first.body._id)).status).toBe('hashing');
    expect(await importStatus(second.body._id)).toMatchObject({ status: 'queued', processed: 0 });

    // Another server process on the same database sees the same jobs.
    const otherProcess = createApp(t.deps);
    expect(await importStatus(second.body._id, otherProcess)).toMatchObject({ status: 'queued' });

    openGate();
    expect((await waitForImport(first.body._id)).body.status).toBe('completed');
    expect((await waitForImport(second.body._id)).body.status).toBe('completed');
    expect(await customersMatching(prefix)).toHaveLength(3);
  });

  it('when a job’s process stops answering for it, then the job reads as failed and adds nobody, even if it wakes up', async () => {
    const prefix = `stale-${uniqueSuffix()}`;
    const openGate = closeHashingGate();
    const started = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .send({ users: [row(`${prefix}-a`), row(`${prefix}-b`)] });
    await expect.poll(async () => (await importStatus(started.body._id)).status).toBe('hashing');

    t.clock.advance(STALE_IMPORT_MS + 1000);
    const stale = await request(t.app).get(`/api/admin/customer-imports/${started.body._id}`).set(bearer(adminToken));
    expect(stale.body).toMatchObject({
      status: 'failed',
      error: { code: 'INTERNAL', message: expect.stringMatching(/interrupted.*nobody was added/) },
    });
    // A superadmin reading in Hindi sees the kept failure in Hindi, like an error answer.
    const hindiReader = await createSuperadmin(t.db);
    const hindiToken = await loginAs(t.app, hindiReader.username, hindiReader.password);
    await request(t.app).put('/api/user/preferences').set(bearer(hindiToken)).send({ language: 'hi' });
    const inHindi = await request(t.app).get(`/api/admin/customer-imports/${started.body._id}`).set(bearer(hindiToken));
    expect(inHindi.body.error).toEqual({
      code: 'INTERNAL',
      message: 'सर्वर रुकने से इम्पोर्ट बीच में रुक गया; किसी को नहीं जोड़ा गया। कृपया फ़ाइल फिर से इम्पोर्ट करें।',
    });

    openGate();
    // The runner finishes hashing, finds its job ended, and saves nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await waitForImport(started.body._id)).body.status).toBe('failed');
    expect(await customersMatching(prefix)).toEqual([]);
  });

  it('when a job and one-request imports run together, then at most two passwords hash at once', async () => {
    const prefix = `lane-${uniqueSuffix()}`;
    hashing.most = 0;
    const job = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(adminToken))
      .send({ users: Array.from({ length: 6 }, (_unused, index) => row(`${prefix}-job-${index}`)) });
    const direct = await Promise.all(
      [1, 2].map((batch) =>
        request(t.app)
          .post('/api/admin/add-customers')
          .set(bearer(adminToken))
          .send({ users: Array.from({ length: 4 }, (_unused, index) => row(`${prefix}-d${batch}-${index}`)) }),
      ),
    );
    expect(direct.map((response) => response.status)).toEqual([201, 201]);
    expect((await waitForImport(job.body._id)).body.status).toBe('completed');
    expect(hashing.most).toBe(2);
    expect(await customersMatching(prefix)).toHaveLength(14);
  });
});
