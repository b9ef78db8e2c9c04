import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_EMAILS, VALID_EMAILS } from '../../test/emails';
import { createAdmin, createCustomer, createSuperadmin } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

// Contract "language and notifications": each signed-in user reads and sets their own language and email.
const t = useTestApp();

const signIn = async (user: { username: string; password: string }) => loginAs(t.app, user.username, user.password);

describe('GET and PUT /api/user/preferences', () => {
  let customerToken = '';

  beforeAll(async () => {
    customerToken = await signIn(await createCustomer(t.db));
  });

  it.each([
    ['customer', createCustomer],
    ['admin', createAdmin],
    ['superadmin', createSuperadmin],
  ] as const)('when a new %s reads their preferences, then English and no email', async (_role, create) => {
    const token = await signIn(await create(t.db));
    const response = await request(t.app).get('/api/user/preferences').set(bearer(token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ language: 'en', email: null });
  });

  it('when a customer chooses Hindi, then the profile and the next login answer carry it', async () => {
    const customer = await createCustomer(t.db);
    const token = await signIn(customer);
    const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ language: 'hi' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ language: 'hi', email: null });

    const profile = await request(t.app).get('/api/user/profile').set(bearer(token));
    expect(profile.body).toMatchObject({ _id: customer.id, language: 'hi', email: null });
    const login = await request(t.app).post('/api/auth/login').send({ username: customer.username, password: customer.password });
    expect(login.body.user).toMatchObject({ _id: customer.id, language: 'hi', email: null });
  });

  it('when an email is given with spaces and a capitalised domain, then it is stored trimmed with the domain in lower case', async () => {
    const put = await request(t.app)
      .put('/api/user/preferences')
      .set(bearer(customerToken))
      .send({ email: '  Ramesh.Traders@Example.COM ' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ language: 'en', email: 'Ramesh.Traders@example.com' });
    const profile = await request(t.app).get('/api/user/profile').set(bearer(customerToken));
    expect(profile.body.email).toBe('Ramesh.Traders@example.com');
  });

  it.each([[null], ['']])('when the email is set to %j, then it is removed', async (email) => {
    await request(t.app).put('/api/user/preferences').set(bearer(customerToken)).send({ email: 'a@b.in' });
    const put = await request(t.app).put('/api/user/preferences').set(bearer(customerToken)).send({ email });
    expect(put.status).toBe(200);
    expect(put.body.email).toBeNull();
  });

  it('when only the language changes, then the email stays', async () => {
    const token = await signIn(await createAdmin(t.db));
    await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email: 'office@shop.in' });
    const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ language: 'hi' });
    expect(put.body).toEqual({ language: 'hi', email: 'office@shop.in' });
  });

  it('when the language is unknown, then 400 naming the field language and nothing changes', async () => {
    const put = await request(t.app).put('/api/user/preferences').set(bearer(customerToken)).send({ language: 'fr' });
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'language', message: 'Choose English or Hindi' }],
    });
    const get = await request(t.app).get('/api/user/preferences').set(bearer(customerToken));
    expect(get.body.language).toBe('en');
  });

  it.each([
    ['not-an-email', 'Enter a valid email address, like name@example.com'],
    ['two@@signs.in', 'Enter a valid email address, like name@example.com'],
    ['name@no-dot', 'Enter a valid email address, like name@example.com'],
    [`${'a'.repeat(250)}@b.in`, 'Email must be at most 254 characters'],
    [42, 'Email must be text or null'],
  ])('when the email is %j, then 400 with a problem for the field email', async (email, message) => {
    const put = await request(t.app).put('/api/user/preferences').set(bearer(customerToken)).send({ email });
    expect(put.status).toBe(400);
    expect(put.body.details).toEqual([{ field: 'email', message }]);
  });

  // Issue 30: exactly one plain address, or 400 and nothing changes (the same schema as staff's paths).
  describe('a hostile email', () => {
    let token = '';
    beforeAll(async () => {
      token = await signIn(await createCustomer(t.db));
    });

    it.each(HOSTILE_EMAILS)('when the email is %s, then 400 for the field email and the address stays', async (_what, email) => {
      await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email: 'kept@shop.in' });
      const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email });
      expect(put.status).toBe(400);
      expect(put.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'email' })] });
      const get = await request(t.app).get('/api/user/preferences').set(bearer(token));
      expect(get.body.email).toBe('kept@shop.in');
    });

    it.each(VALID_EMAILS)('when the email is %j, then it is stored as %j', async (email, stored) => {
      const put = await request(t.app).put('/api/user/preferences').set(bearer(customerToken)).send({ email });
      expect(put.status).toBe(200);
      expect(put.body.email).toBe(stored);
    });
  });

  it('when users change their own email, then each change is audited as a change by staff is, and a language change is not', async () => {
    const superToken = await signIn(await createSuperadmin(t.db));
    const customer = await createCustomer(t.db);
    const token = await signIn(customer);

    await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email: 'First@Shop.IN' });
    await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email: 'First@shop.in', language: 'hi' });
    await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ email: null });

    const audit = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ entityId: customer.id, action: 'user.change_email' })
      .set(bearer(superToken));
    expect(audit.status).toBe(200);
    // Newest first; the second request changed only the language.
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'user.change_email',
        entity: 'user',
        entityId: customer.id,
        actor: expect.objectContaining({ _id: customer.id, username: customer.username }),
        before: { email: 'First@shop.in' },
        after: { email: null },
      }),
      expect.objectContaining({
        action: 'user.change_email',
        actor: expect.objectContaining({ _id: customer.id }),
        before: { email: null },
        after: { email: 'First@shop.in' },
      }),
    ]);
  });

  it('when a user must still replace a password someone else chose, then they may change their language', async () => {
    const token = await signIn(await createCustomer(t.db, { isPasswordReset: false }));
    const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ language: 'hi' });
    expect(put.status).toBe(200);
    expect(put.body.language).toBe('hi');
  });

  it('when nobody is signed in, then 401', async () => {
    const response = await request(t.app).put('/api/user/preferences').send({ language: 'hi' });
    expect(response.status).toBe(401);
  });
});
