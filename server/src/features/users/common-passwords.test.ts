import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/password-policy';
import { createCustomer, customerInput, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';

// Issue 7: wherever a password is chosen for someone (staff create, superadmin reset, bulk import), the most
// common passwords and blank ones are refused, on the field or row that holds them. Own changes:
// features/auth/change-password.test.ts.
const t = useTestApp();
const staff = useStaffTokens(t);
const person = (overrides: Record<string, unknown> = {}) =>
  customerInput(`pw-${uniqueSuffix()}`, { password: 'given-password-1', ...overrides });

const signIn = (username: string, password: string) => request(t.app).post('/api/auth/login').send({ username, password });

describe('staff-created users: common and blank passwords', () => {
  it.each([
    ['/admin/add-customer', () => staff.admin, {}],
    ['/superadmin/sausers', () => staff.superadmin, { userType: 'admin' }],
  ])('when %s is given a common password, then 400 on password and nobody is added', async (path, token, extra) => {
    const body = person({ password: 'Password1', ...extra });

    const response = await request(t.app).post(`/api${path}`).set(bearer(token())).send(body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: COMMON_PASSWORD_MESSAGE,
      details: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }],
    });
    expect((await signIn(body.username, body.password)).status).toBe(401);
  });

  it('when the password is only spaces, then 400 on password', async () => {
    const response = await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(staff.admin))
      .send(person({ password: ' '.repeat(12) }));

    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'password', message: 'Password cannot be only spaces' }]);
  });

  it('when the password is rare enough, then the user is added as before', async () => {
    const body = person();
    const response = await request(t.app).post('/api/admin/add-customer').set(bearer(staff.admin)).send(body);
    expect(response.status).toBe(201);
    expect((await signIn(body.username, body.password)).status).toBe(200);
  });
});

describe('superadmin reset: common and blank passwords', () => {
  it.each([
    ['a common password', 'trustno1', COMMON_PASSWORD_MESSAGE],
    ['only spaces', '\t'.repeat(8), 'Password cannot be only spaces'],
  ])(
    'when the new password is %s, then 400 on newPassword and the user keeps their password and session',
    async (_label, newPassword, message) => {
      const customer = await createCustomer(t.db);
      const token = await loginAs(t.app, customer.username, customer.password);

      const response = await request(t.app)
        .post(`/api/superadmin/users/${customer.id}/reset-password`)
        .set(bearer(staff.superadmin))
        .send({ newPassword });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'newPassword', message }] });
      expect((await request(t.app).get('/api/user/points').set(bearer(token))).status).toBe(200);
      expect((await signIn(customer.username, customer.password)).body.user.isPasswordReset).toBe(true);
    },
  );
});

describe('bulk import: common and blank passwords, row by row', () => {
  it.each([['/admin/add-customers'], ['/admin/customer-imports']])(
    'when %s holds rows with common or blank passwords, then 400 names each such row and nobody is added',
    async (path) => {
      const prefix = `pwimp-${uniqueSuffix()}`;
      const rows = [
        person({ username: `${prefix}-ok` }),
        person({ username: `${prefix}-common`, password: 'qwertyuiop' }),
        person({ username: `${prefix}-digits`, password: '12345678' }),
        person({ username: `${prefix}-blank`, password: ' '.repeat(8) }),
      ];

      const response = await request(t.app).post(`/api${path}`).set(bearer(staff.admin)).send({ users: rows });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: '3 rows have problems; nobody was added' });
      expect(response.body.details).toEqual([
        { index: 1, username: `${prefix}-common`, problems: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }] },
        { index: 2, username: `${prefix}-digits`, problems: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }] },
        { index: 3, username: `${prefix}-blank`, problems: [{ field: 'password', message: 'Password cannot be only spaces' }] },
      ]);
      const listed = await request(t.app).get('/api/admin/users').query({ q: prefix }).set(bearer(staff.admin));
      expect(listed.body).toEqual([]);
    },
  );
});
