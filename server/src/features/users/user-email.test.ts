import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_EMAILS, VALID_EMAILS } from '../../test/emails';
import { createAdmin, createCustomer, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

// Contract "language and notifications": staff set a user's optional email on create and edit; the lists and
// the edit answer carry it; each change is in the audit log.
const t = useTestApp();
let adminToken = '';
let superToken = '';

beforeAll(async () => {
  const admin = await createAdmin(t.db);
  const superadmin = await createSuperadmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
  superToken = await loginAs(t.app, superadmin.username, superadmin.password);
});

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  username: `mail-${uniqueSuffix()}`,
  partyName: 'Ajmer Paints',
  phoneNumber: '9829012345',
  password: 'given-password-1',
  ...overrides,
});

async function listed(token: string, path: string, username: string) {
  const response = await request(t.app).get(path).query({ q: username }).set(bearer(token));
  expect(response.status).toBe(200);
  return (response.body as { username: string }[]).find((user) => user.username === username);
}

describe('email on staff create', () => {
  it('when an admin adds a customer with an email, then the answer and the list carry it, normalised', async () => {
    const body = newUserBody({ email: ' Orders@AjmerPaints.IN ' });
    const created = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: body.username, email: 'Orders@ajmerpaints.in', language: 'en' });
    expect(await listed(adminToken, '/api/admin/users', body.username)).toMatchObject({ email: 'Orders@ajmerpaints.in' });
  });

  it('when a customer is added without an email, then the lists show null', async () => {
    const body = newUserBody();
    expect((await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body)).status).toBe(201);
    expect(await listed(superToken, '/api/superadmin/allusers', body.username)).toMatchObject({ email: null });
  });

  it('when a superadmin adds an admin with an email, then it is stored', async () => {
    const body = newUserBody({ userType: 'admin', email: 'desk@head.office.in' });
    const created = await request(t.app).post('/api/superadmin/sausers').set(bearer(superToken)).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userType: 'admin', email: 'desk@head.office.in' });
  });

  it('when the email on create is invalid, then 400 with the field email and nobody is added', async () => {
    const body = newUserBody({ email: 'orders at ajmer' });
    const created = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body);
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([{ field: 'email', message: 'Enter a valid email address, like name@example.com' }]);
    expect(await listed(adminToken, '/api/admin/users', body.username)).toBeUndefined();
  });
});

describe('email in a bulk import', () => {
  it('when rows carry an email column, then each added customer has theirs, and a bad one names its row', async () => {
    const good = newUserBody({ email: 'Shop@Jodhpur.IN' });
    const plain = newUserBody();
    const added = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(adminToken))
      .send({ users: [good, plain] });
    expect(added.status).toBe(201);
    expect(added.body.map((user: { email: string | null }) => user.email)).toEqual(['Shop@jodhpur.in', null]);

    const bad = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(adminToken))
      .send({ users: [newUserBody({ email: 'no-at-sign' })] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].problems).toEqual([
      { field: 'email', message: 'Enter a valid email address, like name@example.com' },
    ]);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('when an admin sets a customer’s email, then the user as the lists show them, and an audit entry', async () => {
    const customer = await createCustomer(t.db);
    const patch = await request(t.app)
      .patch(`/api/admin/users/${customer.id}`)
      .set(bearer(adminToken))
      .send({ email: 'Bill@Shop.IN' });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual(await listed(adminToken, '/api/admin/users', customer.username));
    expect(patch.body).toMatchObject({ _id: customer.id, email: 'Bill@shop.in' });

    const audit = await request(t.app).get('/api/superadmin/audit').query({ entityId: customer.id }).set(bearer(superToken));
    expect(audit.body.items).toEqual([
      expect.objectContaining({ action: 'user.change_email', before: { email: null }, after: { email: 'Bill@shop.in' } }),
    ]);
  });

  it('when the email is set to null, then it is removed', async () => {
    const customer = await createCustomer(t.db);
    const url = `/api/admin/users/${customer.id}`;
    await request(t.app).patch(url).set(bearer(adminToken)).send({ email: 'a@b.in' });
    const patch = await request(t.app).patch(url).set(bearer(adminToken)).send({ email: null });
    expect(patch.status).toBe(200);
    expect(patch.body.email).toBeNull();
  });

  it.each([['admin'], ['superadmin']] as const)(
    'when an admin edits the email of a %s, then 403 and nothing changes',
    async (role) => {
      const target = role === 'admin' ? await createAdmin(t.db) : await createSuperadmin(t.db);
      const patch = await request(t.app).patch(`/api/admin/users/${target.id}`).set(bearer(adminToken)).send({ email: 'x@y.in' });
      expect(patch.status).toBe(403);
      expect(patch.body.code).toBe('FORBIDDEN');
      const users = await request(t.app).get('/api/superadmin/allusers').query({ q: target.username }).set(bearer(superToken));
      expect(users.body[0].email).toBeNull();
    },
  );

  it('when a superadmin edits the email of an admin, then 200', async () => {
    const target = await createAdmin(t.db);
    const patch = await request(t.app).patch(`/api/admin/users/${target.id}`).set(bearer(superToken)).send({ email: 'x@y.in' });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ _id: target.id, userType: 'admin', email: 'x@y.in' });
  });

  it('when the user does not exist, then 404', async () => {
    const patch = await request(t.app)
      .patch('/api/admin/users/00000000-0000-4000-8000-000000000000')
      .set(bearer(superToken))
      .send({ email: 'x@y.in' });
    expect(patch.status).toBe(404);
  });

  it.each([[{}], [{ email: 'nobody' }], [{ email: 7 }]])('when the body is %j, then 400 naming the field email', async (body) => {
    const customer = await createCustomer(t.db);
    const patch = await request(t.app).patch(`/api/admin/users/${customer.id}`).set(bearer(adminToken)).send(body);
    expect(patch.status).toBe(400);
    expect(patch.body.details[0].field).toBe('email');
  });

  it('when a customer calls it, then 403', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);
    const patch = await request(t.app).patch(`/api/admin/users/${customer.id}`).set(bearer(token)).send({ email: 'x@y.in' });
    expect(patch.status).toBe(403);
  });
});

// Issue 30: every path that sets an email takes exactly one plain address (contract "language and
// notifications"), or answers 400 for the field email and changes nothing. The user's own path is in
// preferences.test.ts, the mail sender's own check in outbox.test.ts.
describe('a hostile email on every staff path', () => {
  const refusedEmail = expect.objectContaining({
    code: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ field: 'email' })],
  });

  it.each(HOSTILE_EMAILS)('when an admin adds a customer with %s, then 400 and nobody is added', async (_what, email) => {
    const body = newUserBody({ email });
    const created = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(body);
    expect(created.status).toBe(400);
    expect(created.body).toEqual(refusedEmail);
    expect(await listed(adminToken, '/api/admin/users', body.username)).toBeUndefined();
  });

  it.each(HOSTILE_EMAILS)('when a superadmin adds an admin with %s, then 400', async (_what, email) => {
    const created = await request(t.app)
      .post('/api/superadmin/sausers')
      .set(bearer(superToken))
      .send(newUserBody({ userType: 'admin', email }));
    expect(created.status).toBe(400);
    expect(created.body).toEqual(refusedEmail);
  });

  it.each(HOSTILE_EMAILS)('when staff set %s on a user, then 400 and the address stays', async (_what, email) => {
    const customer = await createCustomer(t.db);
    const url = `/api/admin/users/${customer.id}`;
    await request(t.app).patch(url).set(bearer(adminToken)).send({ email: 'kept@shop.in' });
    const patch = await request(t.app).patch(url).set(bearer(superToken)).send({ email });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual(refusedEmail);
    expect(await listed(adminToken, '/api/admin/users', customer.username)).toMatchObject({ email: 'kept@shop.in' });
  });

  it.each(['/api/admin/add-customers', '/api/admin/customer-imports'])(
    'when a file for %s has a row with each hostile email, then 400 naming every row and nobody is added',
    async (path) => {
      const prefix = `hostile-${uniqueSuffix()}`;
      // A NUL anywhere refuses the whole request before the rows are read (lib/validate.ts), so those go apart.
      const withNul = HOSTILE_EMAILS.filter(([, email]) => email.includes('\u0000'));
      const rows = HOSTILE_EMAILS.filter(([, email]) => !email.includes('\u0000')).map(([, email], index) =>
        newUserBody({ username: `${prefix}-${index}`, email }),
      );
      const response = await request(t.app).post(path).set(bearer(adminToken)).send({ users: rows });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual(
        rows.map((row, index) => ({
          index,
          username: row.username,
          problems: [expect.objectContaining({ field: 'email' })],
        })),
      );
      for (const [, email] of withNul) {
        const nul = await request(t.app)
          .post(path)
          .set(bearer(adminToken))
          .send({ users: [newUserBody({ username: `${prefix}-nul`, email })] });
        expect(nul.status).toBe(400);
        expect(nul.body.details).toEqual([expect.objectContaining({ field: 'users.0.email' })]);
      }
      const users = await request(t.app).get('/api/admin/users').query({ q: prefix }).set(bearer(adminToken));
      expect(users.body).toEqual([]);
    },
  );

  it('when staff give each valid address, on create and on edit, then each is stored as one plain address', async () => {
    const rows = VALID_EMAILS.map(([email]) => newUserBody({ email }));
    const added = await request(t.app).post('/api/admin/add-customers').set(bearer(adminToken)).send({ users: rows });
    expect(added.status).toBe(201);
    expect(added.body.map((user: { email: string }) => user.email)).toEqual(VALID_EMAILS.map(([, stored]) => stored));
    for (const [email, stored] of VALID_EMAILS) {
      const created = await request(t.app).post('/api/admin/add-customer').set(bearer(adminToken)).send(newUserBody({ email }));
      expect(created.body.email).toBe(stored);
      const patch = await request(t.app)
        .patch(`/api/admin/users/${created.body._id as string}`)
        .set(bearer(superToken))
        .send({ email });
      expect(patch.status).toBe(200);
    }
  });
});
