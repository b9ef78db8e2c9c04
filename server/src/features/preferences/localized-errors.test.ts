import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCustomer } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

// Contract "language and notifications": the server's error messages follow the reader's language: the
// signed-in user's stored one, or before sign-in the first language of Accept-Language. English answers are
// exactly what they were before Hindi existed.
const t = useTestApp();
const DEVANAGARI = /[\u0900-\u097F]/;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Reader = { customer: string; admin: string; takenUsername: string };
const hindi = {} as Reader;
const english = {} as Reader;

async function reader(language: 'en' | 'hi', into: Reader) {
  const customer = await createCustomer(t.db);
  const admin = await createAdmin(t.db);
  into.customer = await loginAs(t.app, customer.username, customer.password);
  into.admin = await loginAs(t.app, admin.username, admin.password);
  into.takenUsername = customer.username;
  for (const token of [into.customer, into.admin]) {
    const put = await request(t.app).put('/api/user/preferences').set(bearer(token)).send({ language });
    expect(put.status).toBe(200);
  }
}

beforeAll(async () => {
  await reader('hi', hindi);
  await reader('en', english);
});

/** One refusal of each status a signed-in reader meets, the same calls for both readers. */
const calls = {
  400: (who: Reader) => request(t.app).put('/api/user/preferences').set(bearer(who.customer)).send({ language: 'fr' }),
  403: (who: Reader) => request(t.app).get('/api/admin/users').set(bearer(who.customer)),
  404: (who: Reader) => request(t.app).delete(`/api/user/addresses/${UNKNOWN_ID}`).set(bearer(who.customer)),
  409: (who: Reader) =>
    request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(who.admin))
      .send({ username: who.takenUsername, partyName: 'Kota Tiles', phoneNumber: '9829012345', password: 'given-password-1' }),
};

describe('error answers in the reader’s language', () => {
  it('when a Hindi user is refused with 400, then the message and each field problem are in Hindi', async () => {
    const response = await calls[400](hindi);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'अंग्रेज़ी या हिंदी चुनें',
      message: 'अंग्रेज़ी या हिंदी चुनें',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'language', message: 'अंग्रेज़ी या हिंदी चुनें' }],
    });
  });

  it.each([[403], [404], [409]] as const)(
    'when a Hindi user is refused with %i, then the message is in Hindi',
    async (status) => {
      const response = await calls[status](hindi);
      expect(response.status).toBe(status);
      expect(response.body.error).toMatch(DEVANAGARI);
      expect(response.body.message).toBe(response.body.error);
      for (const detail of response.body.details ?? []) expect(detail.message).toMatch(DEVANAGARI);
    },
  );

  it('when a Hindi admin adds a taken username, then the Hindi keeps the name as it was typed', async () => {
    const response = await calls[409](hindi);
    expect(response.body).toMatchObject({
      error: `यूज़रनेम "${hindi.takenUsername}" पहले से मौजूद है`,
      code: 'DUPLICATE_USERNAME',
      details: [{ field: 'username', message: 'यह यूज़रनेम पहले से मौजूद है' }],
    });
  });

  it('when an English user meets the same refusals, then the answers are the English ones, unchanged', async () => {
    const answers = await Promise.all(Object.values(calls).map((call) => call(english)));
    expect(answers.map((response): [number, unknown] => [response.status, response.body])).toEqual([
      [
        400,
        {
          error: 'Choose English or Hindi',
          message: 'Choose English or Hindi',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'language', message: 'Choose English or Hindi' }],
        },
      ],
      [403, { error: 'You are not allowed to do this.', message: 'You are not allowed to do this.', code: 'FORBIDDEN' }],
      [404, { error: 'Address not found', message: 'Address not found', code: 'NOT_FOUND' }],
      [
        409,
        {
          error: `Username "${english.takenUsername}" already exists`,
          message: `Username "${english.takenUsername}" already exists`,
          code: 'DUPLICATE_USERNAME',
          details: [{ field: 'username', message: 'Username already exists' }],
        },
      ],
    ]);
  });

  it('when an English user sends Accept-Language: hi, then their stored English wins', async () => {
    const response = await calls[403](english).set('Accept-Language', 'hi');
    expect(response.body.error).toBe('You are not allowed to do this.');
  });

  it.each(['hi', 'hi-IN,en;q=0.8'])('when a sign-in fails with Accept-Language %j, then 401 in Hindi', async (header) => {
    const response = await request(t.app)
      .post('/api/auth/login')
      .set('Accept-Language', header)
      .send({ username: 'nobody-here', password: 'wrong-password' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: 'यूज़रनेम या पासवर्ड गलत है',
      message: 'यूज़रनेम या पासवर्ड गलत है',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it.each([undefined, 'en-IN,hi;q=0.9'])('when a sign-in fails with Accept-Language %j, then 401 in English', async (header) => {
    const call = request(t.app).post('/api/auth/login');
    if (header) void call.set('Accept-Language', header);
    const response = await call.send({ username: 'nobody-here', password: 'wrong-password' });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Invalid username or password');
  });

  it('when a request carries a broken token and Accept-Language: hi, then 401 in Hindi', async () => {
    const response = await request(t.app).get('/api/user/profile').set(bearer('not-a-token')).set('Accept-Language', 'hi');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('आपका सेशन सही नहीं है या उसका समय खत्म हो गया है। कृपया फिर से लॉगिन करें।');
  });
});
