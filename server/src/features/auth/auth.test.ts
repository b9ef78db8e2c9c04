import { eq, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAdmin, createCustomer, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, TEST_JWT_SECRET, useTestApp } from '../../test/http';

const t = useTestApp();

describe('POST /api/auth/login', () => {
  it.each(['customer', 'admin', 'superadmin'] as const)(
    'when a %s gives the right password, then it answers a session and the user',
    async (userType) => {
      const make = { customer: createCustomer, admin: createAdmin, superadmin: createSuperadmin }[userType];
      const user = await make(t.db, { partyName: 'Shree Traders' });

      const response = await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        token: expect.any(String),
        refreshToken: expect.any(String),
        user: { _id: user.id, username: user.username, userType, partyName: 'Shree Traders', isPasswordReset: true },
      });
      expect(response.body.user).not.toHaveProperty('passwordHash');
      expect(response.body.user).not.toHaveProperty('password');
    },
  );

  it('when the username differs only in case and spacing, then it still signs in', async () => {
    const user = await createCustomer(t.db, { username: `Dealer-${uniqueSuffix()}` });

    const response = await request(t.app)
      .post('/api/auth/login')
      .send({ username: `  ${user.username.toUpperCase()} `, password: user.password });

    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe(user.username);
  });

  it('when the password is wrong or the user unknown, then both get the same 401 message', async () => {
    const user = await createCustomer(t.db);

    const wrongPassword = await request(t.app).post('/api/auth/login').send({ username: user.username, password: 'nope-nope' });
    const unknownUser = await request(t.app)
      .post('/api/auth/login')
      .send({ username: `ghost-${uniqueSuffix()}`, password: 'nope-nope' });

    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: 'Invalid username or password',
        message: 'Invalid username or password',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  // bcrypt reads only the first 72 bytes (UTF-8): compared as they are, the right password plus any suffix
  // would sign in (contract "Known devices": a password longer than 72 bytes is never correct).
  it.each([
    ['ASCII', `${'k'.repeat(64)}pass-72!`],
    ['multi-byte (Devanagari, 3 bytes a letter)', 'क'.repeat(24)],
  ])(
    'when the right %s password of 72 bytes comes with a suffix, then 401 like a wrong password; alone it signs in',
    async (_label, password) => {
      expect(Buffer.byteLength(password, 'utf8')).toBe(72);
      const user = await createCustomer(t.db, { password });

      for (const suffix of ['x', 'क', ' ']) {
        const response = await request(t.app)
          .post('/api/auth/login')
          .send({ username: user.username, password: `${password}${suffix}` });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({
          error: 'Invalid username or password',
          message: 'Invalid username or password',
          code: 'INVALID_CREDENTIALS',
        });
      }
      expect((await request(t.app).post('/api/auth/login').send({ username: user.username, password })).status).toBe(200);
    },
  );

  it('when a blocked user gives the right password, then 403 says the account is blocked', async () => {
    const user = await createCustomer(t.db, { blocked: true });

    const response = await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: expect.stringMatching(/blocked/i) });
  });

  it('when a blocked user gives a wrong password, then they learn nothing about the block', async () => {
    const user = await createCustomer(t.db, { blocked: true });

    const response = await request(t.app).post('/api/auth/login').send({ username: user.username, password: 'wrong-password' });

    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    ['an empty body', {}],
    ['a missing password', { username: 'someone' }],
    ['a blank username', { username: '   ', password: 'x' }],
    ['numbers instead of text', { username: 12, password: 34 }],
    ['an array', [1, 2]],
  ])('when it receives %s, then 400 with per-field details', async (_label, body) => {
    const response = await request(t.app).post('/api/auth/login').send(body);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String), details: expect.any(Array) });
  });

  it('when the body is not JSON, then 400 and no stack trace', async () => {
    const response = await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"username": "a",');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'The request body is not valid JSON',
      message: 'The request body is not valid JSON',
      code: 'VALIDATION_FAILED',
    });
  });

  it('when the body is larger than the limit, then 413', async () => {
    const response = await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) });

    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('login rate limiting', () => {
  // The limits themselves (per username and address, per username, per address; TRUST_PROXY) are in
  // login-throttle.test.ts.
  it('when sign-ins succeed, then they are never counted', async () => {
    const user = await createCustomer(t.db);
    for (let success = 0; success < 8; success += 1) {
      const response = await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password });
      expect(response.status).toBe(200);
    }
  });
});

describe('POST /api/user/change-password', () => {
  it('when a user sets a new password, then other sessions stop working, this one goes on, and the answer carries a token', async () => {
    const user = await createCustomer(t.db);
    const oldToken = await loginAs(t.app, user.username, user.password);
    const otherDeviceToken = await loginAs(t.app, user.username, user.password);

    const response = await request(t.app)
      .post('/api/user/change-password')
      .set(bearer(oldToken))
      .send({ newPassword: 'a-brand-new-secret', currentPassword: user.password });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'Password changed',
      refreshToken: expect.any(String),
      user: { _id: user.id, isPasswordReset: true },
    });
    // Contract: a password change ends every other session of the user but keeps the one that made it.
    const refused = await request(t.app).get('/api/user/points').set(bearer(otherDeviceToken));
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('UNAUTHENTICATED');
    expect((await request(t.app).get('/api/user/points').set(bearer(oldToken))).status).toBe(200);
    expect((await request(t.app).get('/api/user/points').set(bearer(response.body.refreshToken))).status).toBe(200);
    expect((await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password })).status).toBe(
      401,
    );
    expect(await loginAs(t.app, user.username, 'a-brand-new-secret')).toEqual(expect.any(String));
  });

  it('when a user was given a password by someone else, then only change-password is open until they choose one', async () => {
    const user = await createCustomer(t.db, { isPasswordReset: false });
    const login = await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password });
    expect(login.body.user.isPasswordReset).toBe(false);

    const blocked = await request(t.app).get('/api/user/points').set(bearer(login.body.refreshToken));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('FORBIDDEN');

    const changed = await request(t.app)
      .post('/api/user/change-password')
      .set(bearer(login.body.refreshToken))
      .send({ newPassword: 'my-own-password' });
    expect(changed.status).toBe(200);
    expect(changed.body.user.isPasswordReset).toBe(true);
    expect((await request(t.app).get('/api/user/points').set(bearer(changed.body.refreshToken))).status).toBe(200);
  });

  it.each([
    ['too short', 'short'],
    ['longer than 72 bytes', 'é'.repeat(37)],
    ['missing', undefined],
  ])('when the new password is %s, then 400 and the old password still works', async (_label, newPassword) => {
    const user = await createAdmin(t.db);
    const token = await loginAs(t.app, user.username, user.password);

    const response = await request(t.app).post('/api/user/change-password').set(bearer(token)).send({ newPassword });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'newPassword' }] });
    expect(await loginAs(t.app, user.username, user.password)).toEqual(expect.any(String));
  });

  it('when there is no token, then 401', async () => {
    const response = await request(t.app).post('/api/user/change-password').send({ newPassword: 'whatever-long' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED', error: 'Authentication required' });
  });
});

describe('bearer tokens', () => {
  it('when a token is forged with another secret, expired, or garbage, then 401', async () => {
    const user = await createCustomer(t.db);
    const genuine = await loginAs(t.app, user.username, user.password);
    const claims = jwt.decode(genuine) as { sub: string; sid: string; ver: number };
    const forged = jwt.sign({ sub: claims.sub, sid: claims.sid, ver: claims.ver }, 'someone-elses-secret-of-enough-length');
    const expired = jwt.sign(
      { sub: claims.sub, sid: claims.sid, ver: claims.ver, exp: Math.floor(Date.now() / 1000) - 10 },
      TEST_JWT_SECRET,
    );
    const inventedSession = jwt.sign({ sub: claims.sub, sid: randomUUID(), ver: claims.ver }, TEST_JWT_SECRET);
    const noneAlgorithm = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify(claims),
    ).toString('base64url')}.`;
    expect((await request(t.app).get('/api/user/points').set(bearer(genuine))).status).toBe(200);

    for (const token of [forged, expired, inventedSession, noneAlgorithm, 'not-a-jwt']) {
      const response = await request(t.app).get('/api/user/points').set(bearer(token));
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('when a user is blocked after signing in, then their token stops working at once', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);
    // Blocking through the superadmin API arrives with the users issue; the flag and version bump are what it does.
    await t.db
      .update(users)
      .set({ blocked: true, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));

    const response = await request(t.app).get('/api/user/points').set(bearer(token));

    expect(response.status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('when a user logs out, then that token is refused and their other sessions live on', async () => {
    const user = await createCustomer(t.db);
    const phone = await loginAs(t.app, user.username, user.password);
    const laptop = await loginAs(t.app, user.username, user.password);

    const response = await request(t.app).post('/api/auth/logout').set(bearer(phone));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out' });
    expect((await request(t.app).get('/api/user/points').set(bearer(phone))).status).toBe(401);
    expect((await request(t.app).post('/api/auth/logout').set(bearer(phone))).status).toBe(401);
    expect((await request(t.app).get('/api/user/points').set(bearer(laptop))).status).toBe(200);
  });

  it('when a session outlives its lifetime, then its token is refused', async () => {
    const user = await createCustomer(t.db);
    const token = await loginAs(t.app, user.username, user.password);
    // Past the session row's expiry (the JWT itself is checked against the real clock).
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).status).toBe(401);
  });
});
