import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemImages, items } from '../../db/schema';
import { createAdmin, createCustomer, createItem } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();

async function signedInCustomer() {
  const customer = await createCustomer(t.db);
  return { customer, token: await loginAs(t.app, customer.username, customer.password) };
}

type CartBody = { items: { itemId: { _id: string }; quantity: number }[] };

/** The caller's cart as { itemId: quantity }. */
async function quantities(own: string): Promise<Record<string, number>> {
  const cart = await request(t.app).get('/api/user/cart').set(bearer(own));
  return Object.fromEntries((cart.body as CartBody).items.map((line) => [line.itemId._id, line.quantity]));
}

async function addLine(own: string, itemId: string, quantity: number) {
  const response = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId, quantity });
  expect(response.status).toBe(200);
}

/** The cart's tests price a Steam Iron at 1,200.50 points less 20. */
const STEAM_IRON = { name: 'Steam Iron', description: '<p>Iron</p>', pointsRequired: 120050, discount: 2000 };

let token: string;
let adminToken: string;
beforeAll(async () => {
  ({ token } = await signedInCustomer());
  const admin = await createAdmin(t.db);
  adminToken = await loginAs(t.app, admin.username, admin.password);
});

describe('POST /api/user/cart/add', () => {
  it('when a customer adds an item twice, then one line holds both quantities and the cart shows the item populated', async () => {
    const iron = await createItem(t.db, STEAM_IRON);
    await t.db.insert(itemImages).values({ itemId: iron.id, path: 'uploads/iron.webp' });
    const { token: own } = await signedInCustomer();

    const first = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: iron.id, quantity: 1 });
    const second = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: iron.id, quantity: 2 });
    const cart = await request(t.app).get('/api/user/cart').set(bearer(own));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(cart.body).toEqual({
      items: [
        {
          _id: expect.any(String),
          itemId: {
            _id: iron.id,
            name: 'Steam Iron',
            pointsRequired: 1200.5,
            discount: 20,
            images: ['uploads/iron.webp'],
            stock: 10,
          },
          quantity: 3,
        },
      ],
    });
    expect(second.body).toEqual(cart.body);
  });

  it('when the line would go above 5 or above the stock, or the item is sold out, then 409 and the cart is unchanged', async () => {
    const plenty = await createItem(t.db, { ...STEAM_IRON, name: 'Kettle', stock: 100 });
    const scarce = await createItem(t.db, { ...STEAM_IRON, name: 'Mixer', stock: 2 });
    const soldOut = await createItem(t.db, { ...STEAM_IRON, name: 'Fan', stock: 0 });
    const { token: own } = await signedInCustomer();
    await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: plenty.id, quantity: 4 });

    const aboveFive = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: plenty.id, quantity: 2 });
    const aboveStock = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: scarce.id, quantity: 3 });
    const none = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: soldOut.id, quantity: 1 });
    const cart = await request(t.app).get('/api/user/cart').set(bearer(own));

    expect(aboveFive.status).toBe(409);
    expect(aboveFive.body.error).toBe('You can have at most 5 of "Kettle" in your cart');
    expect(aboveStock.status).toBe(409);
    expect(aboveStock.body).toMatchObject({ code: 'OUT_OF_STOCK', error: 'Only 2 of "Mixer" left in stock' });
    expect(none.status).toBe(409);
    expect((cart.body as { items: { quantity: number }[] }).items.map((line) => line.quantity)).toEqual([4]);
  });

  it.each([
    ['a quantity of 0', { quantity: 0 }],
    ['a negative quantity', { quantity: -3 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a quantity of 6', { quantity: 6 }],
    ['a quantity as an object', { quantity: { $gt: 0 } }],
    ['an itemId that is not an id', { itemId: 'abc' }],
  ])('when the request has %s, then 400 and nothing is added', async (_case, change) => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();

    const response = await request(t.app)
      .post('/api/user/cart/add')
      .set(bearer(own))
      .send({ itemId: item.id, quantity: 1, ...change });

    expect(response.status).toBe(400);
    expect((await request(t.app).get('/api/user/cart').set(bearer(own))).body).toEqual({ items: [] });
  });

  it('when the item is unknown or deleted, then 404; a deleted item already in the cart no longer shows', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: item.id });
    await t.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, item.id));

    const deleted = await request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: item.id });
    const unknown = await request(t.app)
      .post('/api/user/cart/add')
      .set(bearer(own))
      .send({ itemId: '00000000-0000-4000-8000-000000000000' });

    expect(deleted.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect((await request(t.app).get('/api/user/cart').set(bearer(own))).body).toEqual({ items: [] });
  });

  it('when one customer fires ten adds at once, then the line ends at exactly 5', async () => {
    const item = await createItem(t.db, { ...STEAM_IRON, stock: 50 });
    const { token: own } = await signedInCustomer();

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(t.app).post('/api/user/cart/add').set(bearer(own)).send({ itemId: item.id })),
    );

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    const cart = await request(t.app).get('/api/user/cart').set(bearer(own));
    expect((cart.body as { items: { quantity: number }[] }).items).toEqual([expect.objectContaining({ quantity: 5 })]);
  });

  it('when a customer reads the cart, then only their own lines come back', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: other } = await signedInCustomer();
    await request(t.app).post('/api/user/cart/add').set(bearer(other)).send({ itemId: item.id });

    const mine = await request(t.app).get('/api/user/cart').set(bearer(token));

    expect(mine.body).toEqual({ items: [] });
  });
});

describe('POST /api/user/cart/update', () => {
  it('when a customer sets a line within 1–5 and the stock, then the line holds exactly that and the answer is the cart', async () => {
    const iron = await createItem(t.db, { ...STEAM_IRON, stock: 4 });
    const { token: own } = await signedInCustomer();
    await addLine(own, iron.id, 1);

    const up = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: iron.id, quantity: 4 });
    const down = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: iron.id, quantity: 2 });

    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      items: [
        {
          _id: expect.any(String),
          itemId: { _id: iron.id, name: 'Steam Iron', pointsRequired: 1200.5, discount: 20, images: [], stock: 4 },
          quantity: 4,
        },
      ],
    });
    expect(down.status).toBe(200);
    expect(down.body).toEqual((await request(t.app).get('/api/user/cart').set(bearer(own))).body);
    expect(await quantities(own)).toEqual({ [iron.id]: 2 });
  });

  it('when the quantity is above the stock, or the item has sold out, then 409 OUT_OF_STOCK and the line is unchanged', async () => {
    const scarce = await createItem(t.db, { ...STEAM_IRON, name: 'Mixer', stock: 3 });
    const soldOut = await createItem(t.db, { ...STEAM_IRON, name: 'Fan', stock: 5 });
    const { token: own } = await signedInCustomer();
    await addLine(own, scarce.id, 2);
    await addLine(own, soldOut.id, 1);
    await t.db.update(items).set({ stock: 0 }).where(eq(items.id, soldOut.id));

    const aboveStock = await request(t.app)
      .post('/api/user/cart/update')
      .set(bearer(own))
      .send({ itemId: scarce.id, quantity: 4 });
    const none = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: soldOut.id, quantity: 1 });

    expect(aboveStock.status).toBe(409);
    expect(aboveStock.body).toMatchObject({ code: 'OUT_OF_STOCK', error: 'Only 3 of "Mixer" left in stock' });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'OUT_OF_STOCK', error: '"Fan" is out of stock' });
    expect(await quantities(own)).toEqual({ [scarce.id]: 2, [soldOut.id]: 1 });
  });

  it.each([
    ['a quantity of 0', 0, 'Quantity must be at least 1'],
    ['a quantity of 6', 6, 'Quantity must be at most 5'],
    ['a fractional quantity', 2.5, 'Quantity must be a whole number'],
    ['a quantity as text', '3', 'Quantity must be a number'],
    ['a null quantity', null, 'Quantity must be a number'],
    ['no quantity', undefined, 'Quantity must be a number'],
  ])('when the request has %s, then 400 naming the field and the line is unchanged', async (_case, quantity, message) => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    await addLine(own, item.id, 2);

    const response = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: item.id, quantity });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'quantity', message }] });
    expect(await quantities(own)).toEqual({ [item.id]: 2 });
  });

  it('when the itemId is not an id or missing, then 400 naming itemId with a message for a person', async () => {
    const response = await request(t.app).post('/api/user/cart/update').set(bearer(token)).send({ itemId: 'abc', quantity: 1 });
    const missing = await request(t.app).post('/api/user/cart/add').set(bearer(token)).send({ itemId: null });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'itemId', message: 'Choose an item' }] });
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'itemId', message: 'Choose an item' }] });
  });

  it('when the item is unknown or deleted, then 404 Item not found', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    await addLine(own, item.id, 1);
    await t.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, item.id));

    const deleted = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: item.id, quantity: 2 });
    const unknown = await request(t.app)
      .post('/api/user/cart/update')
      .set(bearer(own))
      .send({ itemId: '00000000-0000-4000-8000-000000000000', quantity: 2 });

    expect(deleted.status).toBe(404);
    expect(deleted.body).toMatchObject({ code: 'NOT_FOUND', error: 'Item not found' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', error: 'Item not found' });
  });

  it('when the item is only in another customer’s cart, then 404 and neither cart changes', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    await addLine(other, item.id, 3);

    const response = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: item.id, quantity: 1 });

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', error: 'This item is not in your cart' });
    expect(await quantities(own)).toEqual({});
    expect(await quantities(other)).toEqual({ [item.id]: 3 });
  });

  it('when two customers hold the same item and one updates it, then only their own line changes', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    await addLine(own, item.id, 1);
    await addLine(other, item.id, 1);

    const response = await request(t.app).post('/api/user/cart/update').set(bearer(own)).send({ itemId: item.id, quantity: 5 });

    expect(response.status).toBe(200);
    expect(await quantities(own)).toEqual({ [item.id]: 5 });
    expect(await quantities(other)).toEqual({ [item.id]: 1 });
  });

  it('when nobody is signed in, then 401; when an admin calls it, then 403', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const body = { itemId: item.id, quantity: 1 };

    const anonymous = await request(t.app).post('/api/user/cart/update').send(body);
    const admin = await request(t.app).post('/api/user/cart/update').set(bearer(adminToken)).send(body);

    expect(anonymous.status).toBe(401);
    expect(admin.status).toBe(403);
  });
});

describe('DELETE /api/user/cart/remove/:itemId', () => {
  it('when a customer removes one of their lines, then only that line goes and the answer is the cart', async () => {
    const kettle = await createItem(t.db, { ...STEAM_IRON, name: 'Kettle' });
    const mixer = await createItem(t.db, { ...STEAM_IRON, name: 'Mixer' });
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    await addLine(own, kettle.id, 2);
    await addLine(own, mixer.id, 1);
    await addLine(other, kettle.id, 4);

    const response = await request(t.app).delete(`/api/user/cart/remove/${kettle.id}`).set(bearer(own));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [{ _id: expect.any(String), itemId: expect.objectContaining({ _id: mixer.id, name: 'Mixer' }), quantity: 1 }],
    });
    expect(await quantities(own)).toEqual({ [mixer.id]: 1 });
    expect(await quantities(other)).toEqual({ [kettle.id]: 4 });
  });

  it('when the line is not in the caller’s cart (removed already, or only in another’s cart), then 404 and nothing changes', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    const { token: other } = await signedInCustomer();
    await addLine(own, item.id, 1);
    await addLine(other, item.id, 2);
    await request(t.app).delete(`/api/user/cart/remove/${item.id}`).set(bearer(own));

    const again = await request(t.app).delete(`/api/user/cart/remove/${item.id}`).set(bearer(own));
    const unknown = await request(t.app).delete('/api/user/cart/remove/00000000-0000-4000-8000-000000000000').set(bearer(own));

    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', error: 'This item is not in your cart' });
    expect(unknown.status).toBe(404);
    expect(await quantities(other)).toEqual({ [item.id]: 2 });
  });

  it('when the item was deleted since it was added, then its hidden line can still be removed', async () => {
    const item = await createItem(t.db, STEAM_IRON);
    const { token: own } = await signedInCustomer();
    await addLine(own, item.id, 1);
    await t.db.update(items).set({ deletedAt: new Date() }).where(eq(items.id, item.id));

    const response = await request(t.app).delete(`/api/user/cart/remove/${item.id}`).set(bearer(own));
    const again = await request(t.app).delete(`/api/user/cart/remove/${item.id}`).set(bearer(own));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [] });
    expect(again.status).toBe(404);
  });

  it('when the id is malformed, then 400 naming itemId', async () => {
    const response = await request(t.app).delete('/api/user/cart/remove/not-an-id').set(bearer(token));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'itemId', message: 'Not a valid id' }] });
  });

  it('when nobody is signed in, then 401; when an admin calls it, then 403', async () => {
    const item = await createItem(t.db, STEAM_IRON);

    const anonymous = await request(t.app).delete(`/api/user/cart/remove/${item.id}`);
    const admin = await request(t.app).delete(`/api/user/cart/remove/${item.id}`).set(bearer(adminToken));

    expect(anonymous.status).toBe(401);
    expect(admin.status).toBe(403);
  });
});
