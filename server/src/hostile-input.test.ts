import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createCustomer, customerInput, uniqueSuffix } from './test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from './test/http';

// Issue 7, finding 4 and 9: input a client should never send must end in a clear 4xx, never a 500.
const t = useTestApp();
const staff = useStaffTokens(t);
const row = customerInput;

describe('a NUL character anywhere', () => {
  it.each([
    [
      'the public login',
      () => request(t.app).post('/api/auth/login').send({ username: 'ad\u0000min', password: 'x' }),
      'username',
    ],
    ['a search', () => request(t.app).get('/api/admin/users').query({ q: 'a\u0000b', page: 1 }).set(bearer(staff.admin)), 'q'],
    [
      'an audit filter',
      () => request(t.app).get('/api/superadmin/audit').query({ action: 'user.\u0000' }).set(bearer(staff.superadmin)),
      'action',
    ],
    [
      'an import row',
      () =>
        request(t.app)
          .post('/api/admin/add-customers')
          .send({ users: [row('x', { partyName: 'A\u0000' })] })
          .set(bearer(staff.admin)),
      'users.0.partyName',
    ],
    [
      'a key of the body',
      () =>
        request(t.app)
          .post('/api/admin/add-customer')
          .send({ ...row('y'), 'evil\u0000': 1 })
          .set(bearer(staff.admin)),
      'evil',
    ],
  ])('when it is in %s, then 400 naming where', async (_label, send, field) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field, message: 'Text may not contain the NUL character' }],
    });
  });
});

describe('objects and numbers where text belongs', () => {
  it('when an import row’s username is an object, then 400 for that row and nobody is added', async () => {
    const prefix = `obj-${uniqueSuffix()}`;
    const response = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(staff.admin))
      .send({ users: [row(`${prefix}-ok`), row({ toString: 1 }), row(['a'])] });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { index: 1, username: '', problems: [expect.objectContaining({ field: 'username' })] },
      { index: 2, username: '', problems: [expect.objectContaining({ field: 'username' })] },
    ]);
  });

  it('when the spec’s client sends number cells (phone, password, username), then they are read as their digits', async () => {
    const username = 90000000 + Math.floor(Math.random() * 9_999_999);
    const response = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(staff.admin))
      .send({ users: [row(username, { phoneNumber: 9829012345, password: 73519264 })] });
    expect(response.status).toBe(201);
    expect(response.body[0]).toMatchObject({ username: String(username), phoneNumber: '9829012345' });
    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ username: String(username), password: '73519264' });
    expect(login.status).toBe(200);
  });
});

describe('dates out of range', () => {
  it.each(['-271821-04-20', '+275760-09-13', '0001-01-01', 'yesterday'])('when an audit filter is %s, then 400', async (from) => {
    const response = await request(t.app).get('/api/superadmin/audit').query({ from }).set(bearer(staff.superadmin));
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: 'from' })]);
  });
});

describe('usernames that look like something else', () => {
  it.each([
    ['a zero-width space', 'cust1\u200b'],
    ['a Cyrillic а', 'c\u0430st1'],
    ['a right-to-left override', 'cust\u202e1'],
    ['a line break', 'cust\n1'],
    ['two spaces inside', 'cust  one'],
  ])('when a new username holds %s, then 400 on username', async (_label, username) => {
    const response = await request(t.app).post('/api/admin/add-customer').set(bearer(staff.admin)).send(row(username));
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'username', message: 'Use only letters a–z, digits, single spaces and . _ - @' },
    ]);
  });

  it('when a username is typed in full-width letters, then it is stored as the plain letters and taken by them', async () => {
    const plain = `wide${uniqueSuffix()}`;
    const wide = [...plain].map((letter) => String.fromCodePoint(letter.codePointAt(0)! + 0xfee0)).join('');
    const created = await request(t.app).post('/api/admin/add-customer').set(bearer(staff.admin)).send(row(wide));
    expect(created.status).toBe(201);
    expect(created.body.username).toBe(plain);
    const again = await request(t.app).post('/api/admin/add-customer').set(bearer(staff.admin)).send(row(plain.toUpperCase()));
    expect(again.status).toBe(409);
    const login = await request(t.app).post('/api/auth/login').send({ username: wide, password: 'import-pass-1' });
    expect(login.status).toBe(200);
  });
});

describe('answers of the API', () => {
  it('when any API answer is sent, then no browser or proxy may store it', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);
    for (const response of [
      await request(t.app).get('/api/user/points').set(bearer(token)),
      await request(t.app).get('/api/health'),
      await request(t.app).get('/api/no-such-route'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
