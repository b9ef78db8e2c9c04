import { and, count, eq, isNull } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loginFailures } from '../../db/schema';
import { listen, loginFrom, type Listening, type LoginReply } from '../../test/bound-client';
import { createCustomer, createSuperadmin } from '../../test/factories';
import { bearer, loginAs, TEST_JWT_SECRET, useTestApp } from '../../test/http';
import { DEVICE_TOKEN_LIFETIME_SECONDS } from '../../lib/tokens';
import { LOGIN_WINDOW_MS } from './login-throttle';

// Contract "Known devices": a login with a valid device token of the user is counted per (username, device)
// only, so no stranger, from any number of addresses, can lock the owner out. Client addresses are real
// ones: the test client binds its socket to another loopback address (test/bound-client.ts). Each test
// uses addresses of its own and ends by moving the clock past the window.

const t = useTestApp();

let server: Listening;
beforeAll(async () => {
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
});

const statuses = (replies: LoginReply[]) => replies.map((reply) => reply.status);
const withDevice = (deviceToken: unknown) => (deviceToken === undefined ? {} : { deviceToken });

type Person = { id: string; username: string; password: string };

/** Signs in from `address` and answers the device token it was given. */
async function signInFrom(address: string, person: Person, deviceToken?: string): Promise<string> {
  const reply = await loginFrom(server, address, {
    username: person.username,
    password: person.password,
    ...withDevice(deviceToken),
  });
  expect(reply.status).toBe(200);
  expect(reply.body.deviceToken).toEqual(expect.any(String));
  return reply.body.deviceToken!;
}

/** One after the other, `times` wrong passwords for `username` from `address`: their statuses. */
async function failFrom(address: string, username: string, times: number, deviceToken?: unknown): Promise<number[]> {
  const replies: number[] = [];
  for (let attempt = 1; attempt <= times; attempt += 1) {
    replies.push((await loginFrom(server, address, { username, password: 'wrong-password', ...withDevice(deviceToken) })).status);
  }
  return replies;
}

/**
 * Six wrong passwords carrying `deviceToken` from a fresh `address`, then one wrong password without a token
 * from that address. If the six were counted per (username, address), as without a token, that pair is now
 * over its limit and the seventh answers 429; if they were counted on a known device, the pair is untouched
 * and it answers 401.
 */
async function pairAfterSixWrongWith(address: string, username: string, deviceToken: unknown): Promise<number> {
  expect(await failFrom(address, username, 6, deviceToken)).toEqual([401, 401, 401, 401, 401, 429]);
  const [withoutToken] = await failFrom(address, username, 1);
  return withoutToken!;
}

const deviceIdOf = (deviceToken: string) => (jwt.decode(deviceToken) as { did: string }).did;

describe('the device token of a login', () => {
  it('when a user signs in, then the answer carries a device token that does not open the API as a session would', async () => {
    const user = await createCustomer(t.db);

    const response = await request(t.app).post('/api/auth/login').send({ username: user.username, password: user.password });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token: expect.any(String), deviceToken: expect.any(String) });
    expect(response.body.deviceToken).not.toBe(response.body.token);
    const asBearer = await request(t.app)
      .get('/api/user/points')
      .set(bearer(response.body.deviceToken as string));
    expect(asBearer.status).toBe(401);
    expect(asBearer.body.code).toBe('UNAUTHENTICATED');
  });

  it('when a known device signs in again, then it keeps its device and gets a fresh token for it', async () => {
    const user = await createCustomer(t.db);
    const first = await signInFrom('127.0.20.1', user);

    const second = await signInFrom('127.0.20.1', user, first);
    const fromElsewhere = await signInFrom('127.0.20.1', user);

    expect(deviceIdOf(second)).toBe(deviceIdOf(first));
    expect(deviceIdOf(fromElsewhere)).not.toBe(deviceIdOf(first));
  });

  it.each([
    ['a number', 12],
    ['null', null],
    ['an object', { token: 'x' }],
    ['a list', ['x']],
    ['text over 2000 characters', 'x'.repeat(2001)],
  ])('when deviceToken is %s, then 400 on deviceToken like any bad body', async (_label, deviceToken) => {
    const user = await createCustomer(t.db);

    const response = await request(t.app)
      .post('/api/auth/login')
      .send({ username: user.username, password: user.password, deviceToken });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'deviceToken' }] });
  });
});

describe('login with a known device', () => {
  it('when strangers send 54 wrong passwords from 9 addresses, then the superadmin is locked out without a device token and signs in with one', async () => {
    const owner = await createSuperadmin(t.db);
    const device = await signInFrom('127.0.21.1', owner);
    const attackers = Array.from({ length: 9 }, (_unused, index) => `127.0.21.${index + 11}`);

    const attack = (await Promise.all(attackers.map((address) => failFrom(address, owner.username, 6)))).flat();

    expect(attack).toHaveLength(54);
    expect(attack.every((status) => status === 401 || status === 429)).toBe(true);
    // Without a device token the username is locked from everywhere: the attack as it worked before.
    const withoutToken = await loginFrom(server, '127.0.21.30', { username: owner.username, password: owner.password });
    expect(withoutToken.status).toBe(429);
    expect(withoutToken.body.code).toBe('RATE_LIMITED');
    expect(withoutToken.retryAfter).toBeGreaterThan(0);
    // The owner's device is counted on its own: it signs in from a fresh address and from a guessing one.
    expect(await signInFrom('127.0.21.30', owner, device)).toEqual(expect.any(String));
    expect(await signInFrom(attackers[0]!, owner, device)).toEqual(expect.any(String));
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when a device fails 6 times, then that device waits out the window; the user’s other device and sign-ins without a token do not', async () => {
    const user = await createCustomer(t.db);
    const phone = await signInFrom('127.0.22.1', user);
    const laptop = await signInFrom('127.0.22.2', user);

    expect(await failFrom('127.0.22.1', user.username, 5, phone)).toEqual([401, 401, 401, 401, 401]);
    const sixth = await loginFrom(server, '127.0.22.1', {
      username: user.username,
      password: 'wrong-password',
      deviceToken: phone,
    });
    expect(sixth.status).toBe(429);
    expect(sixth.retryAfter).toBe(LOGIN_WINDOW_MS / 1000);
    expect(sixth.body).toEqual({
      code: 'RATE_LIMITED',
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });

    // That device waits, from any address, the right password included.
    const right = { username: user.username, password: user.password };
    expect((await loginFrom(server, '127.0.22.3', { ...right, deviceToken: phone })).status).toBe(429);
    // Its failures were not counted for the username, the address or the pair.
    expect(await signInFrom('127.0.22.1', user, laptop)).toEqual(expect.any(String));
    expect(await signInFrom('127.0.22.1', user)).toEqual(expect.any(String));

    t.clock.advance(LOGIN_WINDOW_MS);
    expect(await signInFrom('127.0.22.1', user, phone)).toEqual(expect.any(String));
  });

  it('when the right password follows 5 failures on a device, then that device’s count starts again', async () => {
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.23.1', user);

    expect(await failFrom('127.0.23.1', user.username, 5, device)).toEqual([401, 401, 401, 401, 401]);
    await signInFrom('127.0.23.1', { ...user, username: user.username.toUpperCase() }, device);

    // Without the clearing, the next failure would be the sixth and answer 429.
    expect(await failFrom('127.0.23.1', user.username, 6, device)).toEqual([401, 401, 401, 401, 401, 429]);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when many guesses with one device token arrive at once, through two app instances, then only 6 passwords are checked', async () => {
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.24.1', user);
    const secondServer = await listen(createApp(t.deps));
    try {
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_unused, index) =>
          loginFrom(index % 2 === 0 ? server : secondServer, `127.0.24.${(index % 5) + 2}`, {
            username: user.username,
            password: `guess-${index}`,
            deviceToken: device,
          }),
        ),
      );

      const failuresWhere = async (deviceCondition: ReturnType<typeof isNull>) => {
        const [row] = await t.db
          .select({ failures: count() })
          .from(loginFailures)
          .where(and(eq(loginFailures.usernameKey, user.username.toLowerCase()), deviceCondition));
        return row?.failures;
      };
      // Every attempt is counted before its password is checked, under a lock every process shares.
      expect(await failuresWhere(eq(loginFailures.deviceId, deviceIdOf(device)))).toBe(6);
      expect(await failuresWhere(isNull(loginFailures.deviceId))).toBe(0);
      expect(statuses(replies).filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses(replies).filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
      expect(statuses(replies).every((status) => status === 401 || status === 429)).toBe(true);
    } finally {
      await secondServer.close();
    }
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when a valid device token fails, then it is counted on the device and not for the (username, address) pair', async () => {
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.25.1', user);

    expect(await pairAfterSixWrongWith('127.0.25.2', user.username, device)).toBe(401);
    t.clock.advance(LOGIN_WINDOW_MS);
  });
});

describe('device tokens that count as none', () => {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each<[string, (user: Person, other: Person) => string | Promise<string>]>([
    ['another user’s device token', async (_user, other) => signInFrom('127.0.26.1', other)],
    [
      'a device token whose user was changed to this one',
      async (user, other) => {
        const [header, payload, signature] = (await signInFrom('127.0.26.2', other)).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as object;
        return [header, base64url({ ...claims, sub: user.id }), signature].join('.');
      },
    ],
    [
      'device claims signed with another secret',
      (user) => jwt.sign({ sub: user.id, did: randomUUID(), ver: 0 }, 'another-secret-that-is-long-enough-for-hs256'),
    ],
    [
      'device claims signed as a session token is',
      (user) => jwt.sign({ sub: user.id, did: randomUUID(), ver: 0 }, TEST_JWT_SECRET),
    ],
    ['this user’s session token', (user) => loginAs(t.app, user.username, user.password)],
    [
      'device claims signed with the device key but without an expiry',
      (user) =>
        jwt.sign(
          { sub: user.id, did: randomUUID(), ver: 0 },
          createHmac('sha256', TEST_JWT_SECRET).update('known-device-token').digest(),
          {
            algorithm: 'HS256',
          },
        ),
    ],
    ['garbage', () => 'not-a-token'],
    ['empty text', () => ''],
  ])('when a login carries %s, then it is counted as one without a token', async (_label, deviceTokenFor) => {
    const user = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const deviceToken = await deviceTokenFor(user, other);

    expect(await pairAfterSixWrongWith('127.0.26.10', user.username, deviceToken)).toBe(429);
    // The right password from that address waits too, as for any locked pair, and never fails with a 500.
    const right = await loginFrom(server, '127.0.26.10', { username: user.username, password: user.password, deviceToken });
    expect(right.status).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  const resetPassword = (superadmin: string, userId: string) =>
    request(t.app)
      .post(`/api/superadmin/users/${userId}/reset-password`)
      .set(bearer(superadmin))
      .send({ newPassword: 'a-fresh-start-42' });
  const setBlocked = (superadmin: string, userId: string, blocked: boolean) =>
    request(t.app).post(`/api/superadmin/users/${userId}/block`).set(bearer(superadmin)).send({ blocked });

  // Issue 30: a reset or an unblock had revoked the device tokens, so the owner, right after, was locked out on
  // their own phone by anyone flooding the name.
  it.each<[string, (superadmin: string, userId: string) => Promise<unknown>]>([
    ['a superadmin resets the password', (superadmin, userId) => resetPassword(superadmin, userId)],
    [
      'a superadmin blocks the user and unblocks them',
      async (superadmin, userId) => {
        expect((await setBlocked(superadmin, userId, true)).status).toBe(200);
        expect((await setBlocked(superadmin, userId, false)).status).toBe(200);
      },
    ],
  ])('when %s, then the device token is still known', async (_label, change) => {
    const superadminUser = await createSuperadmin(t.db);
    const superadmin = await loginAs(t.app, superadminUser.username, superadminUser.password);
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.27.1', user);

    await change(superadmin, user.id);

    expect(await pairAfterSixWrongWith('127.0.27.10', user.username, device)).toBe(401);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when the user is blocked, then a sign-in with their device token and the right password is still refused as blocked', async () => {
    const superadminUser = await createSuperadmin(t.db);
    const superadmin = await loginAs(t.app, superadminUser.username, superadminUser.password);
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.27.20', user);
    expect((await setBlocked(superadmin, user.id, true)).status).toBe(200);

    const blocked = await loginFrom(server, '127.0.27.21', {
      username: user.username,
      password: user.password,
      deviceToken: device,
    });

    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'ACCOUNT_BLOCKED' });
  });

  it('when a superadmin deletes the user, then the old device token counts as none', async () => {
    const superadminUser = await createSuperadmin(t.db);
    const superadmin = await loginAs(t.app, superadminUser.username, superadminUser.password);
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.27.30', user);
    expect(await pairAfterSixWrongWith('127.0.27.31', user.username, device)).toBe(401);

    expect((await request(t.app).delete(`/api/superadmin/users/${user.id}`).set(bearer(superadmin))).status).toBe(200);

    expect(await pairAfterSixWrongWith('127.0.27.32', user.username, device)).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  // Last in the file: it moves the clock 180 days on, past every session the tests above opened.
  it('when a device token is older than 180 days, then it counts as none; just before, it is still known', async () => {
    const user = await createCustomer(t.db);
    const device = await signInFrom('127.0.28.1', user);

    t.clock.advance(DEVICE_TOKEN_LIFETIME_SECONDS * 1000 - 60_000);
    expect(await pairAfterSixWrongWith('127.0.28.10', user.username, device)).toBe(401);

    t.clock.advance(2 * 60_000);
    expect(await pairAfterSixWrongWith('127.0.28.11', user.username, device)).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS);
  });
});
