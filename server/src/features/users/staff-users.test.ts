import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCustomer, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let superadmin: Awaited<ReturnType<typeof createSuperadmin>>;
let adminToken: string;
let superToken: string;

beforeAll(async () => {
  admin = await createAdmin(t.db, { partyName: 'Head Office' });
  superadmin = await createSuperadmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
  superToken = await loginAs(t.app, superadmin.username, superadmin.password);
});

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  username: `dealer-${uniqueSuffix()}`,
  partyName: 'Bikaner Hardware',
  phoneNumber: '98290 12345',
  password: 'given-password-1',
  ...overrides,
});

async function auditFor(entityId: string) {
  const response = await request(t.app).get('/api/superadmin/audit').query({ entityId }).set(bearer(superToken));
  expect(response.status).toBe(200);
  return response.body.items as { action: string; actor: { _id: string }; before: unknown; after: unknown }[];
}

describe('POST /api/admin/add-customer', () => {
  it('when an admin adds a customer, then 201 with the customer, who must choose a password at first sign-in', async () => {
    const body = newUserBody();

    const response = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      _id: expect.any(String),
      username: body.username,
      partyName: 'Bikaner Hardware',
      phoneNumber: '98290 12345',
      userType: 'customer',
      tier: 'NoTier',
      availablePoints: 0,
      totalPoints: 0,
      blocked: false,
      isPasswordReset: false,
    });
    expect(response.body).not.toHaveProperty('password');
    expect(response.body).not.toHaveProperty('passwordHash');
    const login = await request(t.app).post('/api/auth/login').send({ username: body.username, password: body.password });
    expect(login.body.user.isPasswordReset).toBe(false);

    const [entry] = await auditFor(response.body._id);
    expect(entry).toMatchObject({
      action: 'user.create',
      actor: { _id: admin.id },
      before: null,
      after: { username: body.username },
    });
    expect(JSON.stringify(entry)).not.toContain(body.password);
  });

  it('when the username exists in another case, then 409 DUPLICATE_USERNAME and nobody is added', async () => {
    const existing = await createCustomer(t.db, { username: `Shree-${uniqueSuffix()}` });

    const response = await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(adminToken))
      .send(newUserBody({ username: ` ${existing.username.toLowerCase()} ` }));

    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'DUPLICATE_USERNAME', message: expect.stringMatching(/already exists/) });
  });

  it('when two requests add the same username at once, then exactly one wins', async () => {
    const body = newUserBody();
    const answers = await Promise.all(
      [1, 2, 3].map(() => request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['no fields', {}, ['username', 'partyName', 'phoneNumber', 'password']],
    ['a short password', { password: 'short' }, ['password']],
    ['a password over 72 bytes', { password: 'x'.repeat(73) }, ['password']],
    ['letters for a phone number', { phoneNumber: 'call me' }, ['phoneNumber']],
    ['a blank party name', { partyName: '   ' }, ['partyName']],
  ])('when the body has %s, then 400 naming each bad field', async (_label, overrides, fields) => {
    const body = Object.keys(overrides).length === 0 ? {} : newUserBody(overrides);
    const response = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([...fields].sort());
  });

  it('when a customer tries, then 403', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);
    const response = await request(t.app).post('/api/admin/add-customer').set(bearer(token)).send(newUserBody());
    expect(response.status).toBe(403);
  });
});

describe('POST /api/superadmin/sausers', () => {
  it('when a superadmin adds an admin, then 201 with userType admin', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/sausers')
      .set(bearer(superToken))
      .send(newUserBody({ userType: 'admin' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userType: 'admin', isPasswordReset: false });
  });

  it('when no user type is given, then a customer is made', async () => {
    const response = await request(t.app).post('/api/superadmin/sausers').set(bearer(superToken)).send(newUserBody());
    expect(response.status).toBe(201);
    expect(response.body.userType).toBe('customer');
  });

  it('when asked for a superadmin, then 400: superadmins are never created here', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/sausers')
      .set(bearer(superToken))
      .send(newUserBody({ userType: 'superadmin' }));
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'userType', message: 'User type must be customer or admin' }]);
  });

  it('when an admin tries, then 403', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/sausers')
      .set(bearer(adminToken))
      .send(newUserBody({ userType: 'admin' }));
    expect(response.status).toBe(403);
  });
});

describe('GET /api/admin/users and /api/superadmin/allusers', () => {
  const marker = `zq${uniqueSuffix()}`;

  beforeAll(async () => {
    for (let index = 0; index < 5; index += 1) {
      await createCustomer(t.db, { username: `${marker}-c${index}`, partyName: `Party ${index}` });
    }
    await createCustomer(t.db, { username: `zzz-other-${uniqueSuffix()}`, partyName: `Traders ${marker.toUpperCase()}` });
    await createAdmin(t.db, { username: `${marker}-admin` });
  });

  it('when an admin searches with a page, then only matching customers come back, paged, by username', async () => {
    const first = await request(t.app).get('/api/admin/users').query({ q: marker, page: 1, limit: 4 }).set(bearer(adminToken));
    const second = await request(t.app).get('/api/admin/users').query({ q: marker, page: 2, limit: 4 }).set(bearer(adminToken));

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, page: 1, limit: 4 });
    expect(first.body.items.map((user: { username: string }) => user.username)).toEqual([
      `${marker}-c0`,
      `${marker}-c1`,
      `${marker}-c2`,
      `${marker}-c3`,
    ]);
    expect(second.body.items).toHaveLength(2);
    // The party-name match counts too; admins are never in the customer list.
    const all = [...first.body.items, ...second.body.items];
    expect(all.some((user: { partyName: string }) => user.partyName.includes(marker.toUpperCase()))).toBe(true);
    expect(all.every((user: { userType: string }) => user.userType === 'customer')).toBe(true);
  });

  it('when the page is past the end, then no items and still the right total', async () => {
    const response = await request(t.app).get('/api/admin/users').query({ q: marker, page: 5, limit: 4 }).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], total: 6, page: 5, limit: 4 });
  });

  it('when no page is asked for, then the plain array the spec’s client expects', async () => {
    const response = await request(t.app).get('/api/admin/users').query({ q: marker }).set(bearer(adminToken));
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(6);
  });

  it('when the search holds LIKE wildcards, then they match literally', async () => {
    const response = await request(t.app).get('/api/admin/users').query({ q: '%', page: 1 }).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(0);
  });

  it('when a superadmin filters by user type, then each list holds only that type', async () => {
    const admins = await request(t.app)
      .get('/api/superadmin/allusers')
      .query({ q: marker, userType: 'admin', page: 1 })
      .set(bearer(superToken));
    const everyone = await request(t.app).get('/api/superadmin/allusers').query({ q: marker }).set(bearer(superToken));
    expect(admins.body).toMatchObject({ total: 1, items: [{ username: `${marker}-admin`, userType: 'admin' }] });
    expect(everyone.body).toHaveLength(7);
  });

  it.each([[{ page: 0 }], [{ page: 'two' }], [{ limit: 1000, page: 1 }], [{ userType: 'boss' }]])(
    'when the query is %o, then 400',
    async (query) => {
      const response = await request(t.app).get('/api/superadmin/allusers').query(query).set(bearer(superToken));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('POST /api/superadmin/users/change-tier', () => {
  it('when a superadmin raises a customer to Gold, then the tier changes and is audited', async () => {
    const customer = await createCustomer(t.db);

    const response = await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(superToken))
      .send({ userId: customer.id, newTier: 'Gold' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: customer.id, tier: 'Gold' });
    const token = await loginAs(t.app, customer.username, customer.password);
    expect((await request(t.app).get('/api/user/profile').set(bearer(token))).body.tier).toBe('Gold');
    const [entry] = await auditFor(customer.id);
    expect(entry).toMatchObject({ action: 'user.change_tier', before: { tier: 'NoTier' }, after: { tier: 'Gold' } });
  });

  it.each([
    ['an unknown tier', (id: string) => ({ userId: id, newTier: 'Diamond' }), 400],
    ['a malformed id', () => ({ userId: 'not-an-id', newTier: 'Gold' }), 400],
    ['an unknown user', () => ({ userId: '00000000-0000-4000-8000-000000000000', newTier: 'Gold' }), 404],
  ])('when given %s, then %s', async (_label, body, status) => {
    const customer = await createCustomer(t.db);
    const response = await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(superToken))
      .send(body(customer.id));
    expect(response.status).toBe(status);
  });

  it('when the user is an admin, then 400 like every other "customers only" rule, and the admin has no tier', async () => {
    const other = await createAdmin(t.db);
    const response = await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(superToken))
      .send({ userId: other.id, newTier: 'Gold' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Only customers have tiers',
      details: [{ field: 'userId', message: 'Only customers have tiers' }],
    });
    const [entry] = await auditFor(other.id);
    expect(entry?.action).not.toBe('user.change_tier');
  });

  it('when a superadmin changes their own tier, then 403', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(superToken))
      .send({ userId: superadmin.id, newTier: 'Gold' });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/your own account/);
  });
});

describe('POST /api/superadmin/users/:id/block', () => {
  it('when a customer is blocked, then their session ends at once, sign-in says blocked, and unblocking lets them back', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);

    const blocked = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/block`)
      .set(bearer(superToken))
      .send({ blocked: true });

    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ _id: customer.id, blocked: true });
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).status).toBe(401);
    const refused = await request(t.app)
      .post('/api/auth/login')
      .send({ username: customer.username, password: customer.password });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_BLOCKED');

    const unblocked = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/block`)
      .set(bearer(superToken))
      .send({ blocked: false });
    expect(unblocked.body.blocked).toBe(false);
    expect(await loginAs(t.app, customer.username, customer.password)).toEqual(expect.any(String));
    expect((await auditFor(customer.id)).map((entry) => entry.action)).toEqual(['user.unblock', 'user.block']);
  });

  it('when a superadmin blocks themselves, then 403 and nothing changes', async () => {
    const response = await request(t.app)
      .post(`/api/superadmin/users/${superadmin.id}/block`)
      .set(bearer(superToken))
      .send({ blocked: true });
    expect(response.status).toBe(403);
    expect((await request(t.app).get('/api/superadmin/allusers').set(bearer(superToken))).status).toBe(200);
  });

  it.each([[{}], [{ blocked: 'yes' }]])('when the body is %o, then 400', async (body) => {
    const customer = await createCustomer(t.db);
    const response = await request(t.app).post(`/api/superadmin/users/${customer.id}/block`).set(bearer(superToken)).send(body);
    expect(response.status).toBe(400);
  });

  it('when the id is malformed, then 400, not 500', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/users/12345/block')
      .set(bearer(superToken))
      .send({ blocked: true });
    expect(response.status).toBe(400);
  });
});

describe('POST /api/superadmin/users/:id/reset-password', () => {
  it('when a superadmin resets a password, then old sessions end and the user must choose a new one', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);

    const response = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/reset-password`)
      .set(bearer(superToken))
      .send({ newPassword: 'temporary-pass-9' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: expect.any(String), user: { _id: customer.id, isPasswordReset: false } });
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).status).toBe(401);
    expect(
      (await request(t.app).post('/api/auth/login').send({ username: customer.username, password: customer.password })).status,
    ).toBe(401);
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ username: customer.username, password: 'temporary-pass-9' });
    expect(login.body.user.isPasswordReset).toBe(false);
    const [entry] = await auditFor(customer.id);
    expect(entry).toMatchObject({ action: 'user.reset_password' });
    expect(JSON.stringify(entry)).not.toContain('temporary-pass-9');
  });

  it('when the new password is too short, then 400', async () => {
    const customer = await createCustomer(t.db);
    const response = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/reset-password`)
      .set(bearer(superToken))
      .send({ newPassword: 'abc' });
    expect(response.status).toBe(400);
  });

  it('when a superadmin resets their own password here, then 403', async () => {
    const response = await request(t.app)
      .post(`/api/superadmin/users/${superadmin.id}/reset-password`)
      .set(bearer(superToken))
      .send({ newPassword: 'whatever-long-1' });
    expect(response.status).toBe(403);
  });
});

describe('DELETE /api/superadmin/users/:id', () => {
  it('when a user is deleted, then they leave lists and sign-in, their token dies, and the name can be reused', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);

    const response = await request(t.app).delete(`/api/superadmin/users/${customer.id}`).set(bearer(superToken));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'User deleted', _id: customer.id });
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).status).toBe(401);
    expect(
      (await request(t.app).post('/api/auth/login').send({ username: customer.username, password: customer.password })).status,
    ).toBe(401);
    const list = await request(t.app).get('/api/admin/users').query({ q: customer.username }).set(bearer(adminToken));
    expect(list.body).toEqual([]);
    expect((await request(t.app).delete(`/api/superadmin/users/${customer.id}`).set(bearer(superToken))).status).toBe(404);
    const reused = await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(adminToken))
      .send(newUserBody({ username: customer.username }));
    expect(reused.status).toBe(201);
    const [entry] = await auditFor(customer.id);
    expect(entry).toMatchObject({ action: 'user.delete', before: { username: customer.username }, after: null });
  });

  it('when a superadmin deletes themselves, then 403', async () => {
    const response = await request(t.app).delete(`/api/superadmin/users/${superadmin.id}`).set(bearer(superToken));
    expect(response.status).toBe(403);
  });

  it('when an admin tries, then 403', async () => {
    const customer = await createCustomer(t.db);
    const response = await request(t.app).delete(`/api/superadmin/users/${customer.id}`).set(bearer(adminToken));
    expect(response.status).toBe(403);
  });
});
