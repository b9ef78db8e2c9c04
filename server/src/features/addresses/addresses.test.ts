import { MAX_ADDRESSES, type Address } from '@app/common';
import { and, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { createAdmin, createCustomer } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();

async function signedInCustomer() {
  const customer = await createCustomer(t.db);
  return { customer, token: await loginAs(t.app, customer.username, customer.password) };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  addressLine1: '12 MI Road',
  city: 'Jaipur',
  pinCode: '302001',
  ...overrides,
});

/** Saves an address a second after the previous one, so "newest" is well defined under the test clock. */
async function save(own: string, overrides: Record<string, unknown> = {}): Promise<Address> {
  t.clock.advance(1000);
  const response = await request(t.app).post('/api/user/addresses').set(bearer(own)).send(form(overrides));
  expect(response.status).toBe(201);
  return response.body as Address;
}

async function list(own: string): Promise<Address[]> {
  const response = await request(t.app).get('/api/user/addresses').set(bearer(own));
  expect(response.status).toBe(200);
  return response.body as Address[];
}

const summary = (rows: Address[]) => rows.map((row) => ({ _id: row._id, default: row.default }));

let adminToken: string;
beforeAll(async () => {
  const admin = await createAdmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
});

describe('POST /api/user/addresses', () => {
  it('when a customer saves their first address, then it is the default whatever was sent, in Rajasthan, India', async () => {
    const { token: own } = await signedInCustomer();

    const response = await request(t.app)
      .post('/api/user/addresses')
      .set(bearer(own))
      .send(
        form({
          addressLine1: '  12 MI Road ',
          addressLine2: 'Near Ajmeri Gate',
          default: false,
          state: 'Delhi',
          country: 'Nepal',
        }),
      );

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.any(String),
      addressLine1: '12 MI Road',
      addressLine2: 'Near Ajmeri Gate',
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      pinCode: '302001',
      default: true,
    });
    expect(await list(own)).toEqual([response.body]);
  });

  it('when a new address is saved as default ("true"), then the old default is cleared; "false" leaves it', async () => {
    const { token: own } = await signedInCustomer();
    const first = await save(own);

    const second = await save(own, { default: 'true', addressLine2: '' });
    const third = await save(own, { default: 'false' });

    expect(second).toMatchObject({ default: true });
    expect(second).not.toHaveProperty('addressLine2');
    expect(third).toMatchObject({ default: false });
    expect(summary(await list(own))).toEqual([
      { _id: second._id, default: true },
      { _id: third._id, default: false },
      { _id: first._id, default: false },
    ]);
  });

  it('when default is a boolean true, then it becomes the default too', async () => {
    const { token: own } = await signedInCustomer();
    const first = await save(own);

    const second = await save(own, { default: true });

    expect(summary(await list(own))).toEqual([
      { _id: second._id, default: true },
      { _id: first._id, default: false },
    ]);
  });

  it.each([
    ['no addressLine1', { addressLine1: undefined }, 'addressLine1', 'Address line 1 is required'],
    ['a blank addressLine1', { addressLine1: '   ' }, 'addressLine1', 'Address line 1 is required'],
    ['no city', { city: undefined }, 'city', 'City is required'],
    ['no pinCode', { pinCode: undefined }, 'pinCode', 'PIN code is required'],
    ['a 5-digit pinCode', { pinCode: '12345' }, 'pinCode', 'PIN code must be 6 digits'],
    ['a 7-digit pinCode', { pinCode: '1234567' }, 'pinCode', 'PIN code must be 6 digits'],
    ['a pinCode of letters', { pinCode: 'abcdef' }, 'pinCode', 'PIN code must be 6 digits'],
    ['an object as addressLine1', { addressLine1: { $ne: '' } }, 'addressLine1', expect.any(String)],
    ['an array as city', { city: ['Jaipur'] }, 'city', expect.any(String)],
    ['an object as pinCode', { pinCode: { toString: '302001' } }, 'pinCode', expect.any(String)],
    ['an object as addressLine2', { addressLine2: {} }, 'addressLine2', 'Address line 2 must be text'],
    ['a default that is neither yes nor no', { default: 'yes' }, 'default', 'Default must be Yes or No'],
    ['a NUL in addressLine1', { addressLine1: '12\u0000 MI Road' }, 'addressLine1', 'Text may not contain the NUL character'],
    ['a NUL in the pinCode', { pinCode: '30200\u0000' }, 'pinCode', 'Text may not contain the NUL character'],
  ])('when the body has %s, then 400 naming the field and nothing is saved', async (_case, change, field, message) => {
    const { token: own } = await signedInCustomer();

    const response = await request(t.app).post('/api/user/addresses').set(bearer(own)).send(form(change));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field, message }] });
    expect(await list(own)).toEqual([]);
  });

  it(`when the customer already has ${MAX_ADDRESSES} addresses, then 409 and nothing is saved`, async () => {
    const { customer, token: own } = await signedInCustomer();
    await t.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, index) => ({
        userId: customer.id,
        addressLine1: `Shop ${index + 1}`,
        city: 'Ajmer',
        pinCode: '305001',
        isDefault: index === 0,
      })),
    );

    const response = await request(t.app)
      .post('/api/user/addresses')
      .set(bearer(own))
      .send(form({ default: true }));

    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'CONFLICT',
      error: `You can save at most ${MAX_ADDRESSES} addresses; delete one to add another`,
    });
    const rows = await list(own);
    expect(rows).toHaveLength(MAX_ADDRESSES);
    expect(rows[0]).toMatchObject({ addressLine1: 'Shop 1', default: true });
  });

  it('when one customer saves ten default addresses at once, then all are saved and exactly one is the default', async () => {
    const { customer, token: own } = await signedInCustomer();

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        request(t.app)
          .post('/api/user/addresses')
          .set(bearer(own))
          .send(form({ addressLine1: `Godown ${index}`, default: true })),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const rows = await list(own);
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.default)).toHaveLength(1);
    expect(rows[0]?.default).toBe(true);
    const liveDefaults = await t.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, customer.id), eq(addresses.isDefault, true), isNull(addresses.deletedAt)));
    expect(liveDefaults).toEqual([{ id: rows[0]?._id }]);
  });

  it('when nobody is signed in, then 401; when an admin calls it, then 403', async () => {
    const anonymous = await request(t.app).post('/api/user/addresses').send(form());
    const admin = await request(t.app).post('/api/user/addresses').set(bearer(adminToken)).send(form());

    expect(anonymous.status).toBe(401);
    expect(admin.status).toBe(403);
  });
});

describe('GET /api/user/addresses', () => {
  it('when two customers have addresses, then each lists only their own', async () => {
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    const mine = await save(own, { city: 'Kota' });
    const theirs = await save(other, { city: 'Udaipur' });

    expect(await list(own)).toEqual([mine]);
    expect(await list(other)).toEqual([theirs]);
  });

  it('when nobody is signed in, then 401; when an admin calls it, then 403', async () => {
    expect((await request(t.app).get('/api/user/addresses')).status).toBe(401);
    expect((await request(t.app).get('/api/user/addresses').set(bearer(adminToken))).status).toBe(403);
  });
});

describe('DELETE /api/user/addresses/:id', () => {
  it('when a customer deletes an address that is not the default, then it leaves the list and the default stays', async () => {
    const { token: own } = await signedInCustomer();
    const home = await save(own);
    const shop = await save(own);

    const response = await request(t.app).delete(`/api/user/addresses/${shop._id}`).set(bearer(own));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Address deleted', _id: shop._id, defaultAddressId: home._id });
    expect(await list(own)).toEqual([home]);
  });

  it('when the default is deleted, then the newest remaining address becomes the default', async () => {
    const { token: own } = await signedInCustomer();
    const home = await save(own);
    const shop = await save(own);
    const godown = await save(own);

    const response = await request(t.app).delete(`/api/user/addresses/${home._id}`).set(bearer(own));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Address deleted', _id: home._id, defaultAddressId: godown._id });
    expect(summary(await list(own))).toEqual([
      { _id: godown._id, default: true },
      { _id: shop._id, default: false },
    ]);
  });

  it('when the last address is deleted, then there is no default; the next one saved becomes it', async () => {
    const { token: own } = await signedInCustomer();
    const only = await save(own);

    const response = await request(t.app).delete(`/api/user/addresses/${only._id}`).set(bearer(own));
    const next = await save(own, { default: 'false' });

    expect(response.body).toEqual({ message: 'Address deleted', _id: only._id, defaultAddressId: null });
    expect(next.default).toBe(true);
    expect(await list(own)).toEqual([next]);
  });

  it('when the address is another customer’s, unknown or already deleted, then 404 and nothing changes', async () => {
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    const theirs = await save(other);
    const mine = await save(own);
    await request(t.app).delete(`/api/user/addresses/${mine._id}`).set(bearer(own));

    const another = await request(t.app).delete(`/api/user/addresses/${theirs._id}`).set(bearer(own));
    const again = await request(t.app).delete(`/api/user/addresses/${mine._id}`).set(bearer(own));
    const unknown = await request(t.app).delete('/api/user/addresses/00000000-0000-4000-8000-000000000000').set(bearer(own));

    for (const response of [another, again, unknown]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: 'Address not found' });
    }
    expect(await list(other)).toEqual([theirs]);
    expect(await list(own)).toEqual([]);
  });

  it('when the id is malformed, then 400 naming id', async () => {
    const { token: own } = await signedInCustomer();

    const response = await request(t.app).delete('/api/user/addresses/12').set(bearer(own));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'id', message: 'Not a valid id' }] });
  });

  it('when nobody is signed in, then 401; when an admin calls it, then 403 and the address stays', async () => {
    const { token: own } = await signedInCustomer();
    const home = await save(own);

    const anonymous = await request(t.app).delete(`/api/user/addresses/${home._id}`);
    const admin = await request(t.app).delete(`/api/user/addresses/${home._id}`).set(bearer(adminToken));

    expect(anonymous.status).toBe(401);
    expect(admin.status).toBe(403);
    expect(await list(own)).toEqual([home]);
  });
});
