import { SIGN_IN_CODE_SENT_MESSAGE } from '@app/common';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { signInCodes, users } from './db/schema';
import { createLogger } from './lib/logger';
import { listen, loginFrom, type Listening } from './test/bound-client';
import { createCustomer } from './test/factories';
import { useTestApp } from './test/http';
import { testConfig } from './test/test-config';
import { startWebhookReceiver, type WebhookReceiver } from './features/outbox/outbox.testing';
import { createOutboxWorker, type OutboxWorker } from './features/outbox/outbox.worker';
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_USERNAME } from './features/auth/login-throttle';
import { MAX_SIGN_IN_CODES_PER_HOUR, SIGN_IN_CODE_LIFETIME_MS } from './features/auth/sign-in-codes.service';

// Contract "Sign-in codes" (issue 30): a stranger flooding a username from many addresses locks every sign-in
// without a device token; a code sent to the owner (here through the webhook, which carries the phone number)
// lets the right password through on a new device, on two servers sharing one database.

const t = useTestApp();
let first: Listening;
let second: Listening;
let webhook: WebhookReceiver;
let worker: OutboxWorker;
let app: Express;

beforeAll(async () => {
  webhook = await startWebhookReceiver();
  // Servers configured with the webhook: their sign-in codes go to the outbox, which this worker sends.
  const config = testConfig({ NOTIFY_WEBHOOK_URL: webhook.url });
  worker = createOutboxWorker({ db: t.db, config, logger: createLogger('silent') });
  await worker.start();
  app = createApp({ ...t.deps, config });
  first = await listen(app);
  // A second server on the same database: the codes and counts are in the database, not in a process.
  second = await listen(createApp({ ...t.deps, config }));
});

afterAll(async () => {
  await first.close();
  await second.close();
  await worker.stop();
  await webhook.stop();
});

type Person = { id: string; username: string; password: string };

const askForCode = (username: unknown) => request(app).post('/api/auth/sign-in-code').send({ username });

/** The codes the webhook has carried for this username, oldest first. */
function codesSentTo(username: string): string[] {
  return webhook.calls
    .map((call) => JSON.parse(call.body) as { type: string; username: string; body: string })
    .filter((message) => message.type === 'sign_in_code' && message.username === username)
    .map((message) => /\b(\d{6})\b/.exec(message.body)![1]!);
}

async function nextCodeFor(person: Person, before: number): Promise<string> {
  await expect.poll(() => codesSentTo(person.username).length, { timeout: 15_000 }).toBe(before + 1);
  return codesSentTo(person.username)[before]!;
}

/** A stranger's wrong passwords for `username` from 22 addresses, until the username is locked everywhere. */
async function flood(username: string, prefix: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= MAX_FAILURES_PER_USERNAME + 15; attempt += 1) {
    const server = attempt % 2 === 0 ? first : second;
    statuses.push((await loginFrom(server, `${prefix}.${(attempt % 22) + 2}`, { username, password: 'guessing-123' })).status);
  }
  return statuses;
}

describe('POST /api/auth/sign-in-code and a login with the code', () => {
  it('when the name is flooded, then the owner asks for a code on one server and signs in with it on the other; the code works once', async () => {
    const owner = await createCustomer(t.db);
    expect((await flood(owner.username, '127.0.40')).at(-1)).toBe(429);
    // The right password from a new phone, without a device token: locked like everyone else.
    expect((await loginFrom(first, '127.0.41.2', { username: owner.username, password: owner.password })).status).toBe(429);

    const asked = await askForCode(owner.username);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: SIGN_IN_CODE_SENT_MESSAGE });
    const code = await nextCodeFor(owner, 0);

    const signedIn = await loginFrom(second, '127.0.41.2', {
      username: owner.username,
      password: owner.password,
      signInCode: code,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.deviceToken).toEqual(expect.any(String));
    // Used once: the same code again is counted like no code, and the name is still flooded.
    const again = await loginFrom(first, '127.0.41.3', { username: owner.username, password: owner.password, signInCode: code });
    expect(again.status).toBe(429);
    // The device token it gave lets the owner in from then on.
    const withDevice = await loginFrom(first, '127.0.41.4', {
      username: owner.username,
      password: owner.password,
      deviceToken: signedIn.body.deviceToken,
    });
    expect(withDevice.status).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when someone asks for an unknown or a blocked user, then the answer is the same as for a real one and only the real one is sent a code', async () => {
    const owner = await createCustomer(t.db);
    const blocked = await createCustomer(t.db);
    await t.db.update(users).set({ blocked: true }).where(eq(users.id, blocked.id));
    const callsBefore = webhook.calls.length;

    const answers = await Promise.all([
      askForCode(owner.username),
      askForCode(`nobody-${owner.username}`),
      askForCode(blocked.username),
    ]);

    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: SIGN_IN_CODE_SENT_MESSAGE });
    }
    await nextCodeFor(owner, 0);
    // Give the others the time the owner's took, then check nothing else went out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webhook.calls.length).toBe(callsBefore + 1);
    expect(codesSentTo(blocked.username)).toEqual([]);
  });

  it('when a code is asked for more than three times in an hour, then only three are sent; an hour later, another', async () => {
    const owner = await createCustomer(t.db);
    for (let ask = 0; ask < MAX_SIGN_IN_CODES_PER_HOUR + 2; ask += 1) expect((await askForCode(owner.username)).status).toBe(202);
    await nextCodeFor(owner, MAX_SIGN_IN_CODES_PER_HOUR - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(codesSentTo(owner.username)).toHaveLength(MAX_SIGN_IN_CODES_PER_HOUR);

    t.clock.advance(60 * 60 * 1000);
    await askForCode(owner.username);
    await nextCodeFor(owner, MAX_SIGN_IN_CODES_PER_HOUR);
  });

  it('when wrong passwords come with a code, then the sixth is refused and the code is dead, even with the right password', async () => {
    const owner = await createCustomer(t.db);
    await askForCode(owner.username);
    const code = await nextCodeFor(owner, 0);

    const wrong: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      wrong.push(
        (
          await loginFrom(first, `127.0.42.${attempt + 2}`, {
            username: owner.username,
            password: 'nope-nope-1',
            signInCode: code,
          })
        ).status,
      );
    }
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);
    const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.userId, owner.id));
    expect(row!.spentAt).not.toBeNull();
    // Dead: the right password with it is now counted as a sign-in without a code (a fresh address: 200).
    const right = await loginFrom(first, '127.0.42.20', { username: owner.username, password: owner.password, signInCode: code });
    expect(right.status).toBe(200);
    const flooded = await createCustomer(t.db);
    await flood(flooded.username, '127.0.43');
    await askForCode(flooded.username);
    const floodedCode = await nextCodeFor(flooded, 0);
    t.clock.advance(SIGN_IN_CODE_LIFETIME_MS + 1000);
    // Expired after ten minutes.
    const late = await loginFrom(first, '127.0.43.40', {
      username: flooded.username,
      password: flooded.password,
      signInCode: floodedCode,
    });
    expect(late.status).toBe(429);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('when a code is kept, then only a hash of it is stored', async () => {
    const owner = await createCustomer(t.db);
    await askForCode(owner.username);
    const code = await nextCodeFor(owner, 0);

    const rows = await t.db.select().from(signInCodes).where(eq(signInCodes.userId, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it.each([
    ['a list', ['a', 'b']],
    ['an object', { $ne: '' }],
    ['empty text', ''],
    ['a NUL byte', 'user\u0000name'],
    ['a number', 123456],
  ])('when the username is %s, then 400 with the error shape', async (_label, username) => {
    const answer = await askForCode(username);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });
});
