import { and, count, eq, lte } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { loginFailures } from '../../db/schema';
import { listen, loginFrom, type Listening, type LoginReply } from '../../test/bound-client';
import { createCustomer, uniqueSuffix } from '../../test/factories';
import { useTestApp } from '../../test/http';
import { testConfig } from '../../test/test-config';
import { LOGIN_WINDOW_MS } from './login-throttle';

// Contract "Login": the limits per (username, address), per username and per address, counted in the
// database. Each client address is a real one: the test client binds its socket to another loopback
// address (127.0.0.2 …), which the server sees as another client without trusting any header. Known
// devices, which these limits do not count, are in known-devices.test.ts.

const t = useTestApp();

const statuses = (replies: LoginReply[]) => replies.map((reply) => reply.status);
const ghost = () => ({ username: `ghost-${uniqueSuffix()}`, password: 'wrong-password' });

let server: Listening;
beforeAll(async () => {
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
});

describe('login limit per username and address', () => {
  it('when a stranger fails 6 times from one address, then the owner still signs in from theirs while the stranger waits out the window', async () => {
    const owner = await createCustomer(t.db);
    const stranger = '127.0.1.1';
    const ownersAddress = '127.0.1.2';
    const guess = { username: owner.username, password: 'wrong-password' };

    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await loginFrom(server, stranger, guess)).status).toBe(401);
    }
    const sixth = await loginFrom(server, stranger, guess);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      code: 'RATE_LIMITED',
      error: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    expect(sixth.retryAfter).toBe(LOGIN_WINDOW_MS / 1000);

    // The right password from the guessing address is refused too: the limit is not an oracle.
    expect((await loginFrom(server, stranger, { username: owner.username, password: owner.password })).status).toBe(429);
    // The owner, elsewhere, is not locked out (the contract's point), in any spelling of their name.
    const owners = await loginFrom(server, ownersAddress, {
      username: ` ${owner.username.toUpperCase()} `,
      password: owner.password,
    });
    expect(owners.status).toBe(200);

    t.clock.advance(LOGIN_WINDOW_MS - 60_000);
    const late = await loginFrom(server, stranger, { username: owner.username, password: owner.password });
    expect(late.status).toBe(429);
    expect(late.retryAfter).toBe(60);
    expect(late.body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');

    t.clock.advance(60_000);
    expect((await loginFrom(server, stranger, { username: owner.username, password: owner.password })).status).toBe(200);
  });

  it('when the right password follows 5 failures, then that (username, address) count starts again', async () => {
    const user = await createCustomer(t.db);
    const address = '127.0.1.3';
    const wrong = { username: user.username, password: 'wrong-password' };
    const right = { username: user.username.toUpperCase(), password: user.password };

    for (let failure = 1; failure <= 5; failure += 1) expect((await loginFrom(server, address, wrong)).status).toBe(401);
    expect((await loginFrom(server, address, right)).status).toBe(200);

    // Without the clearing, the next failure would be the sixth and answer 429.
    for (let failure = 1; failure <= 5; failure += 1) expect((await loginFrom(server, address, wrong)).status).toBe(401);
    expect((await loginFrom(server, address, wrong)).status).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when many guesses arrive at once, through two app instances, then only 6 passwords are checked', async () => {
    const user = await createCustomer(t.db);
    const secondServer = await listen(createApp(t.deps));
    const address = '127.0.1.4';
    try {
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_unused, index) =>
          loginFrom(index % 2 === 0 ? server : secondServer, address, { username: user.username, password: `guess-${index}` }),
        ),
      );

      // Every attempt is counted before its password is checked, under a lock every process shares.
      const [recorded] = await t.db
        .select({ failures: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.usernameKey, user.username.toLowerCase()), eq(loginFailures.address, address)));
      expect(recorded?.failures).toBe(6);
      expect(statuses(replies).filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses(replies).filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
      expect(statuses(replies).every((status) => status === 401 || status === 429)).toBe(true);
    } finally {
      await secondServer.close();
    }
    t.clock.advance(LOGIN_WINDOW_MS);
  });
});

describe('login limit per username', () => {
  it('when 51 failures come from many addresses, then the username is locked from everywhere until the window passes', async () => {
    const user = await createCustomer(t.db);
    const wrong = { username: user.username, password: 'wrong-password' };
    const right = { username: user.username, password: user.password };
    const addresses = Array.from({ length: 10 }, (_unused, index) => `127.0.2.${index + 1}`);

    // 5 from each of 10 addresses: no (username, address) limit is passed, 50 is not yet more than 50.
    const fifty = await Promise.all(
      addresses.flatMap((address) => Array.from({ length: 5 }, () => loginFrom(server, address, wrong))),
    );
    expect(statuses(fifty).every((status) => status === 401)).toBe(true);

    const fiftyFirst = await loginFrom(server, '127.0.2.11', wrong);
    expect(fiftyFirst.status).toBe(429);
    expect(fiftyFirst.retryAfter).toBe(LOGIN_WINDOW_MS / 1000);

    const fromAFreshAddress = await loginFrom(server, '127.0.2.12', right);
    expect(fromAFreshAddress.status).toBe(429);
    expect(fromAFreshAddress.body.code).toBe('RATE_LIMITED');
    // Other usernames from those addresses are not affected.
    const neighbour = await createCustomer(t.db);
    expect((await loginFrom(server, '127.0.2.1', { username: neighbour.username, password: neighbour.password })).status).toBe(
      200,
    );

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await loginFrom(server, '127.0.2.12', right)).status).toBe(200);
  });
});

describe('login limit per address', () => {
  it('when one address fails 101 times over many usernames, then it is refused even the right password; other addresses are not', async () => {
    const address = '127.0.3.1';
    const hundred = await Promise.all(Array.from({ length: 100 }, () => loginFrom(server, address, ghost())));
    expect(statuses(hundred).every((status) => status === 401)).toBe(true);
    // Unknown usernames and wrong passwords answer alike.
    expect(new Set(hundred.map((reply) => JSON.stringify(reply.body)))).toEqual(
      new Set([
        JSON.stringify({
          error: 'Invalid username or password',
          message: 'Invalid username or password',
          code: 'INVALID_CREDENTIALS',
        }),
      ]),
    );

    const hundredFirst = await loginFrom(server, address, ghost());
    expect(hundredFirst.status).toBe(429);
    expect(hundredFirst.retryAfter).toBe(LOGIN_WINDOW_MS / 1000);

    // Over the address limit the password is not looked at, the right one included (README "Sessions and roles").
    const user = await createCustomer(t.db);
    expect((await loginFrom(server, address, { username: user.username, password: user.password })).status).toBe(429);
    expect((await loginFrom(server, '127.0.3.2', { username: user.username, password: user.password })).status).toBe(200);

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await loginFrom(server, address, { username: user.username, password: user.password })).status).toBe(200);
  });
});

describe('login failures in the database', () => {
  it('when a second app instance serves the same database, then it sees the first one’s counts', async () => {
    const user = await createCustomer(t.db);
    const address = '127.0.4.1';
    const wrong = { username: user.username, password: 'wrong-password' };
    for (let failure = 1; failure <= 5; failure += 1) expect((await loginFrom(server, address, wrong)).status).toBe(401);

    // Another process, or this one after a restart: a new app with nothing in memory.
    const secondServer = await listen(createApp(t.deps));
    try {
      expect((await loginFrom(secondServer, address, wrong)).status).toBe(429);
      expect((await loginFrom(secondServer, address, { username: user.username, password: user.password })).status).toBe(429);
      expect((await loginFrom(server, address, { username: user.username, password: user.password })).status).toBe(429);
    } finally {
      await secondServer.close();
    }
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when failures leave the window, then the next failed sign-in deletes them', async () => {
    await Promise.all(Array.from({ length: 3 }, () => loginFrom(server, '127.0.4.2', ghost())));
    t.clock.advance(LOGIN_WINDOW_MS);
    const expiredCount = async () => {
      const [row] = await t.db
        .select({ expired: count() })
        .from(loginFailures)
        .where(lte(loginFailures.failedAt, new Date(t.clock.now().getTime() - LOGIN_WINDOW_MS)));
      return row?.expired;
    };
    expect(await expiredCount()).toBeGreaterThanOrEqual(3);

    expect((await loginFrom(server, '127.0.4.3', ghost())).status).toBe(401);

    expect(await expiredCount()).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('when it is unset, then X-Forwarded-For is ignored and the socket’s address is counted', async () => {
    const user = await createCustomer(t.db);
    const address = '127.0.5.1';
    for (let failure = 1; failure <= 6; failure += 1) {
      const reply = await loginFrom(
        server,
        address,
        { username: user.username, password: 'wrong-password' },
        { 'X-Forwarded-For': `198.51.100.${failure}` },
      );
      expect(reply.status).toBe(failure <= 5 ? 401 : 429);
    }
    const rotated = await loginFrom(
      server,
      address,
      { username: user.username, password: user.password },
      { 'X-Forwarded-For': '198.51.100.77' },
    );
    expect(rotated.status).toBe(429);
    // Another socket with a header the failures carried: a different client, not locked.
    const elsewhere = await loginFrom(
      server,
      '127.0.5.9',
      { username: user.username, password: user.password },
      { 'X-Forwarded-For': '198.51.100.1' },
    );
    expect(elsewhere.status).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when it trusts the proxy, then X-Forwarded-For names the client; from another address it is still ignored', async () => {
    // Only 127.0.0.1 is a trusted proxy: supertest connects from it, the bound client from 127.0.5.2.
    const proxied = createApp({ ...t.deps, config: testConfig({ TRUST_PROXY: '127.0.0.1' }) });
    const proxiedServer = await listen(proxied);
    try {
      const user = await createCustomer(t.db);
      const attempt = (clientAddress: string, password: string) =>
        request(proxied)
          .post('/api/auth/login')
          .set('X-Forwarded-For', clientAddress)
          .send({ username: user.username, password });

      for (let failure = 1; failure <= 5; failure += 1) expect((await attempt('203.0.113.7', 'wrong-password')).status).toBe(401);
      expect((await attempt('203.0.113.7', 'wrong-password')).status).toBe(429);
      expect((await attempt('203.0.113.7', user.password)).status).toBe(429);
      // Same socket (the proxy), another client behind it: not locked out.
      expect((await attempt('198.51.100.9', user.password)).status).toBe(200);

      // 127.0.5.2 is not a trusted proxy: its X-Forwarded-For is ignored, so rotating it does not help.
      for (let failure = 1; failure <= 6; failure += 1) {
        const reply = await loginFrom(
          proxiedServer,
          '127.0.5.2',
          { username: user.username, password: 'wrong-password' },
          { 'X-Forwarded-For': `192.0.2.${failure}` },
        );
        expect(reply.status).toBe(failure <= 5 ? 401 : 429);
      }
    } finally {
      await proxiedServer.close();
    }
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when it is set, then it is read in Express trust proxy syntax, and nonsense stops the start', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the-proxy' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
