import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemImages, items } from '../../db/schema';
import { createCustomer } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();

async function signedInCustomer() {
  const customer = await createCustomer(t.db);
  return { customer, token: await loginAs(t.app, customer.username, customer.password) };
}

async function anItem(overrides: Partial<typeof items.$inferInsert> = {}) {
  const [item] = await t.db
    .insert(items)
    .values({ name: 'Steam Iron', description: '<p>Iron</p>', pointsRequired: 120050, discount: 2000, stock: 10, ...overrides })
    .returning();
  return item!;
}

let token: string;
beforeAll(async () => {
  ({ token } = await signedInCustomer());
});

describe('POST /api/user/cart/add', () => {
  it('when a customer adds an item twice, then one line holds both quantities and the cart shows the item populated', async () => {
    const iron = await anItem();
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
    const plenty = await anItem({ name: 'Kettle', stock: 100 });
    const scarce = await anItem({ name: 'Mixer', stock: 2 });
    const soldOut = await anItem({ name: 'Fan', stock: 0 });
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
    const item = await anItem();
    const { token: own } = await signedInCustomer();

    const response = await request(t.app)
      .post('/api/user/cart/add')
      .set(bearer(own))
      .send({ itemId: item.id, quantity: 1, ...change });

    expect(response.status).toBe(400);
    expect((await request(t.app).get('/api/user/cart').set(bearer(own))).body).toEqual({ items: [] });
  });

  it('when the item is unknown or deleted, then 404; a deleted item already in the cart no longer shows', async () => {
    const item = await anItem();
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
    const item = await anItem({ stock: 50 });
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
    const item = await anItem();
    const { token: other } = await signedInCustomer();
    await request(t.app).post('/api/user/cart/add').set(bearer(other)).send({ itemId: item.id });

    const mine = await request(t.app).get('/api/user/cart').set(bearer(token));

    expect(mine.body).toEqual({ items: [] });
  });
});
