import { ORDER_STATUSES, TIERS, type UserType } from '@app/common';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { addresses, items } from './db/schema';
import { routeTable } from './routes';
import { testConfig } from './test/test-config';
import type { RouteDefinition } from './lib/route';
import { createUser, uniqueSuffix } from './test/factories';
import { pictureOf } from './test/images';
import { bearer, loginAs, useTestApp } from './test/http';
import { expectBalancesEqualLedger } from './test/ledger';

// Issue 16, item 1: hostile values for every declared route's path parameters, query and body, generated from
// the route table, so a route added later is fuzzed without anyone remembering to. The contract: never a 5xx
// for any malformed body, id, query or upload; every refusal in the error shape; the server keeps answering.
// Each field gets either a hostile value or a plausible one chosen by its name (a real id, an amount, a date):
// a 500 usually hides behind a request that is valid except for one field (a real customer, a real bill
// number and an amount of 1e-9). fast-check prints the seed and the shrunk request of any failure.
const t = useTestApp();

/** Requests per route and role; the whole table runs in well under a minute on either database. */
const RUNS_PER_ROUTE_AND_ROLE = 30;
/** The second pass, as Hindi readers: every refusal must be in Hindi (contract "language and notifications"). */
const HINDI_RUNS_PER_ROUTE_AND_ROLE = 5;

// ---- what the table declares ------------------------------------------------------------------------------

type ZodDefinition = {
  type: string;
  shape?: Record<string, ZodType>;
  in?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
};
const definitionOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/** The keys an object schema declares, through refinements, pipes, optionals, unions and intersections. */
function declaredKeys(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const definition = definitionOf(schema);
  if (definition.type === 'object') return Object.keys(definition.shape ?? {});
  const inner = [definition.in, definition.innerType, definition.left, definition.right, ...(definition.options ?? [])];
  return [...new Set(inner.flatMap((part) => declaredKeys(part)))];
}

const pathParameters = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

// ---- values ----------------------------------------------------------------------------------------------

/** Numbers and texts that broke, or could break, something once: tiny, huge, negative zero, NUL, year 0… */
const HOSTILE_CONSTANTS: unknown[] = [
  1e-9,
  5e-324,
  -5e-324,
  1e17,
  -1e17,
  1.7976931348623157e308,
  -0,
  0,
  -1,
  2 ** 53 + 1,
  2 ** 63,
  0.1 + 0.2,
  100.005,
  'NaN',
  'Infinity',
  '1e309',
  '1e-9',
  '0.000000001',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202eevil',
  '\u200b',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'नमस्ते',
  'ｆｕｌｌ',
  '0000-01-01',
  '0000-Q1',
  '9999-Q4',
  '2026-02-30',
  '-271821-04-20',
  'true',
  'null',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'not-an-id',
  '../../etc/passwd',
  '%00',
  '<img src=x onerror=alert(1)>',
  "'; drop table users; --",
  'x'.repeat(5_000),
  'x'.repeat(70_000),
  true,
  false,
  null,
  [],
  {},
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where'];

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...HOSTILE_CONSTANTS),
    fc.string({ maxLength: 30, unit: 'binary' }),
    fc.double(),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a', 'userId'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Real records the plausible values point at (filled in beforeAll). */
const pool = { customerId: '', adminId: '', itemId: '', addressId: '', billId: '', orderId: '', importId: '' };
const anyId = () => fc.constantFrom(...Object.values(pool).filter(Boolean), '00000000-0000-4000-8000-000000000000');
const amount = fc.oneof(
  fc.constantFrom(1, 10, 150.5, 1500, 99999.99, 1e-9, 5e-324, 1e17, 0, -5),
  fc.double({ min: -1e6, max: 1e13, noNaN: true }),
);
const tierNumbers = fc.record(Object.fromEntries(TIERS.map((tier) => [tier, amount])));

/** A value a real client might send for a field of this name; anything unknown gets short text. */
function plausibleFor(key: string): fc.Arbitrary<unknown> {
  if (/id$/i.test(key)) return anyId();
  switch (key) {
    case 'billAmount':
    case 'points':
    case 'pointsRequired':
    case 'discount':
    case 'pointsConversion':
      return fc.oneof(amount, amount.map(String));
    case 'stock':
    case 'quantity':
    case 'page':
    case 'limit':
    case 'months':
      return fc.oneof(fc.integer({ min: -2, max: 200 }), fc.constantFrom('1', '2', '0', '1e309', '1.5'));
    case 'billDate':
    case 'from':
    case 'to':
      return fc.constantFrom('2026-01-15', '2025-12-31', '0000-01-01', '2999-12-31', '2026-13-01', '2026-01-15T00:00:00.000Z');
    case 'quarter':
      return fc.constantFrom('2025-Q4', '2026-Q1', '2026-Q4', '0000-Q1', '3000-Q1', '2026-Q5');
    case 'newTier':
    case 'tier':
      return fc.constantFrom(...TIERS, 'Diamond');
    case 'status':
      return fc.constantFrom(...ORDER_STATUSES, 'Lost');
    case 'blocked':
    case 'default':
    case 'all':
      return fc.constantFrom(true, false, 'true', 'false', 'yes');
    case 'tierPointsConversion':
    case 'tierBillingRequirements':
      return tierNumbers;
    case 'items':
      return fc.array(fc.record({ itemId: anyId(), quantity: fc.integer({ min: -1, max: 7 }) }), { maxLength: 3 });
    case 'users':
      return fc.array(
        fc.record({
          username: fc.oneof(fc.constant(`fz${uniqueSuffix()}`), fc.string({ maxLength: 10 })),
          partyName: fc.string({ maxLength: 10 }),
          phoneNumber: fc.constantFrom('9829012345', 9829012345, ''),
          password: fc.constantFrom('fuzz-pass-123', 'short', 12345678),
        }),
        { maxLength: 3 },
      );
    case 'pinCode':
      return fc.constantFrom('302001', 302001, '30200', '3020011');
    default:
      return fc.string({ maxLength: 12 });
  }
}

const fieldValue = (key: string) => fc.oneof({ weight: 3, arbitrary: plausibleFor(key) }, { weight: 2, arbitrary: hostileValue });

/** An object with some of the declared keys (plausible or hostile values) and sometimes a prototype key. */
function objectFor(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const declared = fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue(key)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'role', 'userType'), hostileValue, { maxKeys: 2 });
  return fc.tuple(declared, extra).map(([known, more]) => {
    // JSON.parse makes "__proto__" an own key; so does defining it here, so the wire carries it.
    const body: Record<string, unknown> = {};
    for (const [key, value] of [...Object.entries(more), ...Object.entries(known)]) {
      Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return body;
  });
}

/** JSON texts no serializer would write: broken, huge exponents, deep nesting, duplicate keys. */
const RAW_BODIES = [
  '{',
  '{"a":',
  '[]',
  'null',
  '"text"',
  '12',
  '{"billAmount":1e309,"points":1e309,"pointsRequired":1e309}',
  '{"__proto__":{"userType":"superadmin"},"constructor":{"prototype":{"admin":true}}}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  '{"userId":"a","userId":{"$ne":null}}',
  '\u0000',
];

type FuzzRequest = {
  path: string;
  query: string;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };
  image?: Buffer;
  idempotencyKey?: string;
};

/**
 * Texts for URLs: Node's HTTP parser itself answers 431 (no body, before the app) to a head over 16 KB, so the
 * 70,000-character text goes into bodies only.
 */
const URL_TEXTS = HOSTILE_CONSTANTS.filter((value): value is string => typeof value === 'string' && value.length <= 5_000);

/** URL-encodes any text; a lone surrogate (which no URL can carry) becomes U+FFFD as a browser would send it. */
const urlEncode = (text: string) =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Path parameters: a real id, a hostile text (URL-encoded), or a raw fragment the URL parser must survive. */
const pathSegment = fc.oneof(
  { weight: 3, arbitrary: anyId() },
  { weight: 3, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }).map(urlEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...URL_TEXTS).map(urlEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00', 'a%2Fb', 'x'.repeat(3000)) },
);

function queryFor(keys: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys, 'q', 'page'), fc.constantFrom(...PROTOTYPE_KEYS, 'q[$ne]', 'page[]')),
    fc.oneof(plausibleFor('page').map(String), fc.string({ maxLength: 20, unit: 'binary' }), fc.constantFrom(...URL_TEXTS)),
  );
  const encoded = fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${urlEncode(key)}=${urlEncode(value)}`).join('&'));
  return fc.oneof(
    { weight: 5, arbitrary: encoded },
    { weight: 1, arbitrary: fc.constantFrom('%', 'q=%E0%A4%A', 'page=1&page=2', 'q=a&q=b', 'limit=1e309') },
  );
}

/** Files for upload routes: nothing, empty, noise, a truncated picture, a picture (filled in beforeAll). */
const uploads: Buffer[] = [Buffer.alloc(0), Buffer.from('not a picture'), Buffer.from('GIF89a')];

function requestFor(route: RouteDefinition): fc.Arbitrary<FuzzRequest> {
  const parameters = pathParameters(route.path);
  const path = fc
    .tuple(...parameters.map(() => pathSegment))
    .map((segments) => segments.reduce((url, segment, index) => url.replace(`:${parameters[index]}`, segment), route.path));
  const bodyKeys = declaredKeys(route.request.body);
  const json = (value: unknown): FuzzRequest['body'] => ({ kind: 'json', value });
  const body: fc.Arbitrary<FuzzRequest['body']> = fc.oneof(
    { weight: 6, arbitrary: objectFor(bodyKeys).map(json) },
    { weight: 1, arbitrary: hostileValue.map(json) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(...RAW_BODIES),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=xyz',
          'application/x-www-form-urlencoded',
        ),
      }),
    },
  );
  return fc.record(
    {
      path,
      query: queryFor(declaredKeys(route.request.query)),
      body,
      image: fc.option(fc.constantFrom(...uploads), { nil: undefined }),
      idempotencyKey: fc.option(
        fc.string({
          minLength: 1,
          maxLength: 300,
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
        }),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['path', 'query', 'body'] },
  );
}

// ---- sending -----------------------------------------------------------------------------------------------

const statusCounts = new Map<number, number>();
let sent = 0;

async function send(route: RouteDefinition, token: string | undefined, fuzz: FuzzRequest, language?: 'hi') {
  const url = `/api${fuzz.path}${fuzz.query ? `?${fuzz.query}` : ''}`;
  let call = request(t.app)[route.method](url);
  if (token) call = call.set(bearer(token));
  if (language) call = call.set('Accept-Language', language);
  if (fuzz.idempotencyKey) call = call.set('Idempotency-Key', fuzz.idempotencyKey);
  if (route.upload && fuzz.body.kind === 'json') {
    // Multipart: every declared field as text (as a form sends it), and maybe a file.
    const fields = typeof fuzz.body.value === 'object' && fuzz.body.value !== null ? Object.entries(fuzz.body.value) : [];
    for (const [name, value] of fields) void call.field(name, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    if (fuzz.image) void call.attach(route.upload.field, fuzz.image, { filename: 'picture.png', contentType: 'image/png' });
  } else if (fuzz.body.kind === 'json') {
    if (route.method !== 'get')
      call = call.set('Content-Type', 'application/json').send(JSON.stringify(fuzz.body.value) ?? 'null');
  } else {
    call = call.set('Content-Type', fuzz.body.contentType).send(fuzz.body.text);
  }
  const response = await call;
  sent += 1;
  statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
  return response;
}

const shorten = (text: string) =>
  text.replace(/(.)\1{40,}/g, (run, character: string) => `${character}×${run.length}`).slice(0, 4000);

/** Every key of a JSON value, at any depth (the keys of objects inside arrays too). */
function keysIn(value: unknown, depth = 0): string[] {
  if (depth > 20 || value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysIn(child, depth + 1)]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 30 (contract "API conventions"): `error` is a sentence a person reads as it stands, so no field
 * name prefixes it: no "key: " at its start, and no key the route declares or the request sent followed
 * by ":" anywhere in it.
 */
function expectNoFieldInError(route: RouteDefinition, fuzz: FuzzRequest, error: string, where: string) {
  expect(error, where).not.toMatch(/^[^\s:]+: /);
  const keys = new Set([
    ...declaredKeys(route.request.body),
    ...declaredKeys(route.request.query),
    ...pathParameters(route.path),
    ...(fuzz.body.kind === 'json' ? keysIn(fuzz.body.value) : []),
  ]);
  for (const key of keys) {
    if (key.trim() === '') continue;
    expect(error, where).not.toMatch(new RegExp(`(?<![\\w.])${escapeRegExp(key)}:`));
  }
}

/** The contract's error shape: `{ error, message, code }`, the same text twice, an UPPER_SNAKE code. */
function expectContractAnswer(route: RouteDefinition, fuzz: FuzzRequest, response: request.Response) {
  const where = `${route.method.toUpperCase()} ${route.path} → ${response.status} ${shorten(JSON.stringify(response.body) ?? '')}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/);
    expect(response.body, where).toMatchObject({ error: expect.any(String), code: expect.stringMatching(/^[A-Z][A-Z_]*$/) });
    expect(response.body.message, where).toBe(response.body.error);
    expectNoFieldInError(route, fuzz, response.body.error as string, where);
  }
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** For a Hindi reader: the message and every problem in `details` carry Hindi, so no English text slips through. */
function expectHindiAnswer(route: RouteDefinition, response: request.Response) {
  if (response.status < 400) return;
  const where = `${route.method.toUpperCase()} ${route.path} → ${response.status} ${shorten(JSON.stringify(response.body) ?? '')}`;
  expect(response.body.error, where).toMatch(DEVANAGARI);
  const details = (response.body.details ?? []) as { message?: string; problems?: { message: string }[] }[];
  for (const detail of details) {
    for (const message of detail.problems ? detail.problems.map((problem) => problem.message) : [detail.message])
      expect(message, where).toMatch(DEVANAGARI);
  }
}

// ---- the run -------------------------------------------------------------------------------------------------

const USER_TYPES: UserType[] = ['customer', 'admin', 'superadmin'];
type Actors = Record<UserType, { username: string; password: string }>;
const actors = {} as Actors;
/** The same roles reading in Hindi (their stored language). */
const hindiActors = {} as Actors;

async function freshTokens(of: Actors = actors): Promise<Record<UserType, string>> {
  // A fuzzed logout, block or password change may end a session: every route starts with new ones. The clock
  // moves past the sign-in window so the fuzzed failed logins never throttle these.
  t.clock.advance(16 * 60 * 1000);
  const tokens = {} as Record<UserType, string>;
  for (const userType of USER_TYPES) tokens[userType] = await loginAs(t.app, of[userType].username, of[userType].password);
  return tokens;
}

beforeAll(async () => {
  for (const userType of USER_TYPES) actors[userType] = await createUser(t.db, userType);
  for (const userType of USER_TYPES) hindiActors[userType] = await createUser(t.db, userType);
  for (const token of Object.values(await freshTokens(hindiActors))) {
    const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ language: 'hi' });
    expect(put.status).toBe(200);
  }
  const target = await createUser(t.db, 'customer', { tier: 'Gold' });
  const admin = await createUser(t.db, 'admin');
  const tokens = await freshTokens();
  const [item] = await t.db
    .insert(items)
    .values({ name: 'Fuzz kettle', description: '<p>Kettle</p>', pointsRequired: 1000, stock: 1000 })
    .returning();
  const customerId = (await request(t.app).get('/api/user/profile').set(bearer(tokens.customer))).body._id as string;
  const [address] = await t.db
    .insert(addresses)
    .values({ userId: customerId, addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', isDefault: true })
    .returning();
  const credit = await request(t.app)
    .post(`/api/superadmin/users/${customerId}/points-adjustment`)
    .set(bearer(tokens.superadmin))
    .send({ points: 1_000_000, reason: 'Points to spend while fuzzing' });
  const bill = await request(t.app)
    .post('/api/bill')
    .set(bearer(tokens.admin))
    .send({ userId: target.id, billNumber: `FUZZ-${uniqueSuffix()}`, billAmount: 3000 });
  const order = await request(t.app)
    .post('/api/user/cart/checkout')
    .set(bearer(tokens.customer))
    .send({ addressId: address!.id, items: [{ itemId: item!.id, quantity: 1 }] });
  expect([credit.status, bill.status, order.status]).toEqual([201, 201, 201]);
  Object.assign(pool, {
    customerId: target.id,
    adminId: admin.id,
    itemId: item!.id,
    addressId: address!.id,
    billId: bill.body._id,
    orderId: order.body.order._id,
  });
  uploads.push(await pictureOf('png', { width: 40, height: 30 }));
  uploads.push(uploads[uploads.length - 1]!.subarray(0, 60));
});

afterAll(() => {
  const counts = [...statusCounts.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  console.log(`route fuzz: ${sent} requests; statuses ${counts.join(', ')}`);
});

describe('every route of the table, fuzzed (contract: never a 5xx for malformed input)', () => {
  // Read when the tests are collected, before the test app exists: only the declarations (and the configuration
  // some route lists read) are needed here.
  const table = routeTable({ config: testConfig() } as never);

  it.each(table.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    'when %s receives hostile params, query and body from each role that may call it, then never a 5xx and always the error shape',
    async (_name, declared) => {
      // The declarations of the test app itself (the handlers close over its database and clock).
      const route = routeTable(t.deps).find(
        (candidate) => candidate.method === declared.method && candidate.path === declared.path,
      )!;
      const tokens = await freshTokens();
      const callers: (string | undefined)[] =
        route.access === 'public' ? [undefined, tokens.customer] : route.access.map((role) => tokens[role]);
      for (const token of callers) {
        const result = await fc.check(
          fc.asyncProperty(requestFor(route), async (fuzz) => expectContractAnswer(route, fuzz, await send(route, token, fuzz))),
          { numRuns: RUNS_PER_ROUTE_AND_ROLE },
        );
        // fast-check's own report repeats every long text in full: keep the seed, the shrunk request and the cause.
        if (result.failed) throw new Error(shorten(fc.defaultReportMessage(result) ?? 'failed'));
      }
      const health = await request(t.app).get('/api/health');
      expect(health.status).toBe(200);
    },
    120_000,
  );

  it.each(table.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    'when %s receives hostile input from Hindi readers (Accept-Language: hi), then every refusal is in Hindi',
    async (_name, declared) => {
      const route = routeTable(t.deps).find(
        (candidate) => candidate.method === declared.method && candidate.path === declared.path,
      )!;
      const tokens = await freshTokens(hindiActors);
      const callers: (string | undefined)[] =
        route.access === 'public' ? [undefined, tokens.customer] : [undefined, ...route.access.map((role) => tokens[role])];
      for (const token of callers) {
        const result = await fc.check(
          fc.asyncProperty(requestFor(route), async (fuzz) => {
            const response = await send(route, token, fuzz, 'hi');
            expectContractAnswer(route, fuzz, response);
            expectHindiAnswer(route, response);
          }),
          { numRuns: HINDI_RUNS_PER_ROUTE_AND_ROLE },
        );
        if (result.failed) throw new Error(shorten(fc.defaultReportMessage(result) ?? 'failed'));
      }
    },
    120_000,
  );

  it('when the whole table has been fuzzed, then every balance still equals its ledger', async () => {
    await expectBalancesEqualLedger(t.db);
    expect(sent).toBeGreaterThan(table.length * RUNS_PER_ROUTE_AND_ROLE);
  });
});
