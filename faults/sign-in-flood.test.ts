import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../e2e/server-process';
import { call, signIn, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Issue 30, point 2: a stranger flooding a username from many addresses locked out its owner on a new phone, in the
// spec's client, and right after a reset. Two real server processes on one PostgreSQL database, behind a proxy
// they trust (X-Forwarded-For gives each request its address): the flood is spread over both, the owner asks one
// for a sign-in code (sent through the webhook, which carries the phone number) and signs in on the other, and a
// device token from before a password reset still lets the owner in.

const databases: FreshDatabase[] = [];
const servers: ServerProcess[] = [];
const received: { type: string; username: string; body: string }[] = [];
const webhook = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof received)[number]);
    response.end();
  });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(databases.map((database) => database.drop()));
  await new Promise((resolve) => webhook.close(resolve));
});

function login(server: ServerProcess, from: string, body: Record<string, unknown>) {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as { deviceToken?: string } }));
}

describe('a username flooded from many addresses, on two servers', () => {
  it(
    'when a stranger floods the name, then the owner signs in with a sign-in code on a new phone, and with a device token after a reset',
    { timeout: 120_000 },
    async () => {
      await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
      const webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/notify`;
      const database = await createFreshDatabase();
      databases.push(database);
      const env = { TRUST_PROXY: 'loopback', NOTIFY_WEBHOOK_URL: webhookUrl };
      const [first, second] = await Promise.all([
        startServerOn(database.url, undefined, { env }),
        startServerOn(database.url, undefined, { env }),
      ]);
      servers.push(first, second);

      const superadmin = await signIn(first.baseUrl);
      const owner = { username: 'flooded-dealer', password: 'Owner-password-42' };
      const created = await call(first.baseUrl, superadmin, 'POST', '/api/admin/add-customer', {
        ...owner,
        partyName: 'Flooded Traders',
        phoneNumber: '9829012345',
      });
      expect(created.status).toBe(201);
      const ownerId = (created.body as { _id: string })._id;
      // The owner's own phone, signed in once before the flood.
      const phone = await login(first, '203.0.113.1', owner);
      expect(phone.status).toBe(200);

      // The flood: wrong passwords from 22 addresses, spread over both servers, until the name is locked everywhere.
      const flood = await Promise.all(
        Array.from({ length: 66 }, (_unused, attempt) =>
          login(attempt % 2 === 0 ? first : second, `198.51.100.${(attempt % 22) + 1}`, {
            username: owner.username,
            password: `guess-${attempt}`,
          }),
        ),
      );
      expect(flood.filter((reply) => reply.status === 429).length).toBeGreaterThan(0);
      // A new phone with the right password: refused like the stranger.
      expect((await login(second, '203.0.113.50', owner)).status).toBe(429);

      // A superadmin resets the password meanwhile: the old phone's device token still counts on its own.
      const reset = await call(first.baseUrl, superadmin, 'POST', `/api/superadmin/users/${ownerId}/reset-password`, {
        newPassword: 'Reset-by-office-77',
      });
      expect(reset.status).toBe(200);
      const afterReset = await login(second, '203.0.113.1', {
        username: owner.username,
        password: 'Reset-by-office-77',
        deviceToken: phone.body.deviceToken,
      });
      expect(afterReset.status).toBe(200);

      // The new phone asks one server for a code and signs in on the other with it.
      const asked = await fetch(`${first.baseUrl}/api/auth/sign-in-code`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.50' },
        body: JSON.stringify({ username: owner.username }),
      });
      expect(asked.status).toBe(202);
      await expect
        .poll(() => received.filter((message) => message.type === 'sign_in_code' && message.username === owner.username).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const code = /\b(\d{6})\b/.exec(received.find((message) => message.type === 'sign_in_code')!.body)![1];
      const withCode = await login(second, '203.0.113.50', {
        username: owner.username,
        password: 'Reset-by-office-77',
        signInCode: code,
      });
      expect(withCode.status).toBe(200);
      // Once only.
      expect(
        (await login(first, '203.0.113.51', { username: owner.username, password: 'Reset-by-office-77', signInCode: code }))
          .status,
      ).toBe(429);
      // The stranger's flood still locks everyone else out.
      expect((await login(first, '198.51.100.200', { username: owner.username, password: 'Reset-by-office-77' })).status).toBe(
        429,
      );
    },
  );
});
