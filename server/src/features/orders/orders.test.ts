import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { addresses, itemImages, items, pointsLedger, users } from '../../db/schema';
import { createCustomer, createItem } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { expectBalancesEqualLedger } from '../../test/ledger';
import { changeBalances } from '../ledger/ledger.service';

const t = useTestApp();
const staff = useStaffTokens(t);

/** A signed-in customer holding `points` (given through the ledger, as every balance change is) and an address. */
async function customerWith(points: number) {
  const customer = await createCustomer(t.db);
  if (points !== 0) {
    await changeBalances(t.db, {
      userId: customer.id,
      type: 'adjustment',
      availableDelta: Math.round(points * 100),
      totalDelta: 0,
      actorId: null,
      note: 'test points',
      availableBefore: 0,
    });
  }
  const [address] = await t.db
    .insert(addresses)
    .values({ userId: customer.id, addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', isDefault: true })
    .returning();
  return { customer, addressId: address!.id, token: await loginAs(t.app, customer.username, customer.password) };
}

const checkout = (token: string, body: unknown, key?: string) => {
  const call = request(t.app).post('/api/user/cart/checkout').set(bearer(token));
  return (key ? call.set('Idempotency-Key', key) : call).send(body as object);
};

async function stockOf(itemId: string): Promise<number> {
  const [row] = await t.db.select({ stock: items.stock }).from(items).where(eq(items.id, itemId));
  return row!.stock;
}

async function pointsOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ points: users.availablePoints }).from(users).where(eq(users.id, userId));
  return row!.points / 100;
}

async function expectNothingNegative() {
  const [negative] = await t.db
    .select({ stock: sql<number>`count(*) filter (where ${items.stock} < 0)`.mapWith(Number) })
    .from(items);
  expect(negative!.stock).toBe(0);
  await expectBalancesEqualLedger(t.db);
}

// Issue 11: after every scenario, every balance equals its ledger and no stock is negative.
afterEach(expectNothingNegative);

describe('POST /api/user/cart/checkout', () => {
  it('when a customer checks out, then the server prices the lines, takes the points and stock, keeps the address and empties those cart lines', async () => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    await t.db.insert(itemImages).values({ itemId: kettle.id, path: 'uploads/kettle.webp' });
    const other = await createItem(t.db, { name: 'Toaster', discount: 0, pointsRequired: 10000 });
    await request(t.app).post('/api/user/cart/add').set(bearer(buyer.token)).send({ itemId: kettle.id, quantity: 2 });
    await request(t.app).post('/api/user/cart/add').set(bearer(buyer.token)).send({ itemId: other.id, quantity: 1 });

    // A discount, a price or a total sent by the client are not read.
    const response = await checkout(buyer.token, {
      addressId: buyer.addressId,
      items: [{ itemId: kettle.id, quantity: 2, discount: 29999, pointsRequired: 1 }],
      totalValue: 1,
    });

    expect(response.status).toBe(201);
    expect(response.body.availablePoints).toBe(500);
    expect(response.body.order).toEqual({
      _id: expect.any(String),
      orderIdAlias: expect.stringMatching(/^ORD-\d{6,}$/),
      orderDate: expect.any(String),
      status: 'Pending',
      userId: { _id: buyer.customer.id, username: buyer.customer.username, partyName: buyer.customer.partyName, tier: 'NoTier' },
      items: [
        {
          _id: expect.any(String),
          itemId: { _id: kettle.id, name: 'Electric Kettle', pointsRequired: 300, discount: 50, images: ['uploads/kettle.webp'] },
          quantity: 2,
          pointsEach: 250,
        },
      ],
      address: { addressLine1: '12 MI Road', city: 'Jaipur', state: 'Rajasthan', country: 'India', pinCode: '302001' },
      totalValue: 500,
      history: [
        { from: null, to: 'Pending', at: expect.any(String), by: { _id: buyer.customer.id, username: buyer.customer.username } },
      ],
    });
    expect(await stockOf(kettle.id)).toBe(8);
    expect(await pointsOf(buyer.customer.id)).toBe(500);
    const cart = await request(t.app).get('/api/user/cart').set(bearer(buyer.token));
    expect(cart.body.items.map((line: { itemId: { name: string } }) => line.itemId.name)).toEqual(['Toaster']);
    const [entry] = await t.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.orderId, response.body.order._id as string));
    expect(entry).toMatchObject({ reason: 'order_placed', availableDelta: -50000 });
    await expectNothingNegative();
  });

  it('when an order has several lines, then the checkout answer is the order exactly as it is read back later', async () => {
    const buyer = await customerWith(5000);
    const toaster = await createItem(t.db, { name: 'toaster', discount: 0, pointsRequired: 10000 });
    const kettle = await createItem(t.db, { name: 'Kettle' });
    const iron = await createItem(t.db, { name: 'Äpfel Iron', discount: 1000, pointsRequired: 20000 });
    await t.db.insert(itemImages).values({ itemId: iron.id, path: 'uploads/iron.webp' });

    const response = await checkout(buyer.token, {
      addressId: buyer.addressId,
      items: [
        { itemId: toaster.id, quantity: 1 },
        { itemId: iron.id, quantity: 3 },
        { itemId: kettle.id, quantity: 2 },
      ],
    });

    expect(response.status).toBe(201);
    const own = await request(t.app).get('/api/user/orders').set(bearer(buyer.token));
    expect(own.body).toEqual([response.body.order]);
    const listed = await request(t.app)
      .get(`/api/admin/orders?q=${response.body.order.orderIdAlias as string}`)
      .set(bearer(staff.admin));
    expect(listed.body).toEqual([response.body.order]);
    expect(response.body.order.totalValue).toBe(100 + 3 * 190 + 2 * 250);
    expect(await pointsOf(buyer.customer.id)).toBe(5000 - 1170);
    await expectNothingNegative();
  });

  it('when the item, its price or the address change later, then the order still shows them as they were', async () => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    const placed = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    await t.db
      .update(items)
      .set({ name: 'Kettle 2.0', pointsRequired: 90000, deletedAt: new Date() })
      .where(eq(items.id, kettle.id));
    await t.db.update(addresses).set({ city: 'Ajmer', deletedAt: new Date() }).where(eq(addresses.id, buyer.addressId));

    const orders = await request(t.app).get('/api/user/orders').set(bearer(buyer.token));

    expect(placed.status).toBe(201);
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0].items[0].itemId).toMatchObject({ name: 'Electric Kettle', pointsRequired: 300, discount: 50 });
    expect(orders.body[0].address.city).toBe('Jaipur');
    expect(orders.body[0].totalValue).toBe(250);
  });

  it.each([
    ['a quantity of 0', { quantity: 0 }],
    ['a quantity of 6', { quantity: 6 }],
    ['a fractional quantity', { quantity: 2.5 }],
    ['a negative quantity', { quantity: -1 }],
    ['a quantity as text', { quantity: '2' }],
    ['a quantity as an object', { quantity: { $gt: 0 } }],
  ])('when a line has %s, then it is a 400 and nothing moves', async (_name, line) => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);

    const response = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, ...line }] });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(await stockOf(kettle.id)).toBe(10);
    expect(await pointsOf(buyer.customer.id)).toBe(1000);
  });

  it('when the body has no items, the same item twice, no address or a malformed id, then it is a 400', async () => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    const bodies = [
      { addressId: buyer.addressId, items: [] },
      {
        addressId: buyer.addressId,
        items: [
          { itemId: kettle.id, quantity: 1 },
          { itemId: kettle.id, quantity: 1 },
        ],
      },
      { items: [{ itemId: kettle.id, quantity: 1 }] },
      { addressId: 'not-an-id', items: [{ itemId: kettle.id, quantity: 1 }] },
      { addressId: buyer.addressId, items: 'everything' },
      { addressId: `${buyer.addressId}\u0000`, items: [{ itemId: kettle.id, quantity: 1 }] },
    ];
    for (const body of bodies) expect((await checkout(buyer.token, body)).status).toBe(400);
    expect(await stockOf(kettle.id)).toBe(10);
    expect(await pointsOf(buyer.customer.id)).toBe(1000);
  });

  it("when the address is another customer's, then it is refused and nothing moves; a deleted one is not found", async () => {
    const buyer = await customerWith(1000);
    const stranger = await customerWith(0);
    const kettle = await createItem(t.db);

    const theirs = await checkout(buyer.token, { addressId: stranger.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    await t.db.update(addresses).set({ deletedAt: new Date() }).where(eq(addresses.id, buyer.addressId));
    const deleted = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });

    expect(theirs.status).toBe(403);
    expect(deleted.status).toBe(404);
    expect(await stockOf(kettle.id)).toBe(10);
    expect(await pointsOf(buyer.customer.id)).toBe(1000);
  });

  it('when the points do not cover the total or the balance is negative, then it is 409 and nothing moves', async () => {
    const short = await customerWith(249.99);
    const negative = await customerWith(-10);
    const kettle = await createItem(t.db);

    const notEnough = await checkout(short.token, { addressId: short.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    const belowZero = await checkout(negative.token, {
      addressId: negative.addressId,
      items: [{ itemId: kettle.id, quantity: 1 }],
    });

    expect(notEnough.status).toBe(409);
    expect(notEnough.body.code).toBe('INSUFFICIENT_POINTS');
    expect(belowZero.status).toBe(409);
    expect(await stockOf(kettle.id)).toBe(10);
    expect(await pointsOf(short.customer.id)).toBe(249.99);
    await expectNothingNegative();
  });

  it('when the stock is short or the item deleted, then it is 409 or 404 and nothing moves', async () => {
    const buyer = await customerWith(10000);
    const scarce = await createItem(t.db, { stock: 2 });
    const gone = await createItem(t.db, { deletedAt: new Date() });

    const tooMany = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: scarce.id, quantity: 3 }] });
    const deleted = await checkout(buyer.token, {
      addressId: buyer.addressId,
      items: [
        { itemId: scarce.id, quantity: 1 },
        { itemId: gone.id, quantity: 1 },
      ],
    });

    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'OUT_OF_STOCK', error: 'Only 2 of "Electric Kettle" left in stock' });
    expect(deleted.status).toBe(404);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await pointsOf(buyer.customer.id)).toBe(10000);
  });

  it('when the same Idempotency-Key comes again, then the first answer is replayed and one order exists; another body is 409', async () => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    const body = { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] };

    const [first, second] = await Promise.all([
      checkout(buyer.token, body, 'checkout-key-0001'),
      checkout(buyer.token, body, 'checkout-key-0001'),
    ]);
    const third = await checkout(buyer.token, body, 'checkout-key-0001');
    const otherBody = await checkout(buyer.token, { ...body, items: [{ itemId: kettle.id, quantity: 2 }] }, 'checkout-key-0001');

    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(otherBody.status).toBe(409);
    const orders = await request(t.app).get('/api/user/orders').set(bearer(buyer.token));
    expect(orders.body).toHaveLength(1);
    expect(await stockOf(kettle.id)).toBe(9);
    expect(await pointsOf(buyer.customer.id)).toBe(750);
  });
});

describe('checkout under concurrency', () => {
  it('when 50 customers check out the last 5 units at once, then exactly 5 orders exist and the stock is 0', async () => {
    const lastUnits = await createItem(t.db, { stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => customerWith(1000)));

    const responses = await Promise.all(
      buyers.map((buyer) =>
        checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: lastUnits.id, quantity: 1 }] }),
      ),
    );

    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(45);
    expect(await stockOf(lastUnits.id)).toBe(0);
    const charged = (await Promise.all(buyers.map((buyer) => pointsOf(buyer.customer.id)))).filter((points) => points === 750);
    expect(charged).toHaveLength(5);
    await expectNothingNegative();
  });

  it('when one customer fires 10 checkouts at once with points for 2, then 2 orders exist and the balance stays ≥ 0', async () => {
    const buyer = await customerWith(500);
    const kettle = await createItem(t.db, { stock: 100 });

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] }),
      ),
    );

    expect(responses.filter((response) => response.status === 201)).toHaveLength(2);
    expect(
      responses.filter((response) => response.status === 409).every((response) => response.body.code === 'INSUFFICIENT_POINTS'),
    ).toBe(true);
    expect(await pointsOf(buyer.customer.id)).toBe(0);
    expect(await stockOf(kettle.id)).toBe(98);
    await expectNothingNegative();
  });
});

describe('PATCH /api/admin/{orderId}/status', () => {
  async function placedOrder() {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    const response = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 2 }] });
    expect(response.status).toBe(201);
    return { buyer, kettle, orderId: response.body.order._id as string };
  }
  const setStatus = (token: string, orderId: string, status: unknown) =>
    request(t.app).patch(`/api/admin/${orderId}/status`).set(bearer(token)).send({ status });

  it('when staff move an order Pending → Completed → Pending, then nothing is refunded and the history and audit say who', async () => {
    const { buyer, orderId } = await placedOrder();

    const completed = await setStatus(staff.admin, orderId, 'Completed');
    const pending = await setStatus(staff.superadmin, orderId, 'Pending');

    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('Completed');
    expect(pending.body.status).toBe('Pending');
    expect(pending.body.history.map((change: { from: string | null; to: string }) => [change.from, change.to])).toEqual([
      [null, 'Pending'],
      ['Pending', 'Completed'],
      ['Completed', 'Pending'],
    ]);
    expect(await pointsOf(buyer.customer.id)).toBe(500);
    const audit = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ entity: 'order', entityId: orderId })
      .set(bearer(staff.superadmin));
    expect(audit.status).toBe(200);
    expect(
      audit.body.items.map((entry: { action: string; after: { status: string } }) => [entry.action, entry.after.status]),
    ).toEqual([
      ['order.status', 'Pending'],
      ['order.status', 'Completed'],
    ]);
  });

  it('when staff cancel an order, then the points and stock come back once and the order is final (409)', async () => {
    const { buyer, kettle, orderId } = await placedOrder();

    const cancelled = await setStatus(staff.admin, orderId, 'Cancelled');
    const again = await setStatus(staff.admin, orderId, 'Pending');

    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('Cancelled');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ORDER_CANCELLED');
    expect(await pointsOf(buyer.customer.id)).toBe(1000);
    expect(await stockOf(kettle.id)).toBe(10);
    const entries = await t.db.select().from(pointsLedger).where(eq(pointsLedger.orderId, orderId));
    expect(entries.map((entry) => [entry.reason, entry.availableDelta]).sort()).toEqual([
      ['order_cancelled', 50000],
      ['order_placed', -50000],
    ]);
    await expectNothingNegative();
  });

  it('when two staff cancel the same order at the same moment, then it is refunded once', async () => {
    const { buyer, kettle, orderId } = await placedOrder();

    const responses = await Promise.all([
      setStatus(staff.admin, orderId, 'Cancelled'),
      setStatus(staff.superadmin, orderId, 'Cancelled'),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await pointsOf(buyer.customer.id)).toBe(1000);
    expect(await stockOf(kettle.id)).toBe(10);
    await expectNothingNegative();
  });

  it('when the status is unknown, the id malformed or unknown, or a customer asks, then 400, 404 or 403', async () => {
    const { buyer, orderId } = await placedOrder();

    expect((await setStatus(staff.admin, orderId, 'Shipped')).status).toBe(400);
    expect((await setStatus(staff.admin, orderId, ['Cancelled'])).status).toBe(400);
    expect((await setStatus(staff.admin, 'ORD-1', 'Completed')).status).toBe(400);
    expect((await setStatus(staff.admin, '00000000-0000-4000-8000-000000000000', 'Completed')).status).toBe(404);
    expect((await setStatus(buyer.token, orderId, 'Cancelled')).status).toBe(403);
    expect(await pointsOf(buyer.customer.id)).toBe(500);
  });
});

describe('order lists', () => {
  it('when a customer reads their orders, then only their own come, newest first', async () => {
    const buyer = await customerWith(1000);
    const stranger = await customerWith(1000);
    const kettle = await createItem(t.db);
    const first = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    t.clock.advance(60_000);
    const second = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    await checkout(stranger.token, { addressId: stranger.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });

    const own = await request(t.app).get('/api/user/orders').set(bearer(buyer.token));

    expect(own.body.map((order: { _id: string }) => order._id)).toEqual([second.body.order._id, first.body.order._id]);
  });

  it('when staff search by order id or username and filter by status, then the matching orders come, paged on request', async () => {
    const buyer = await customerWith(1000);
    const kettle = await createItem(t.db);
    const placed = await checkout(buyer.token, { addressId: buyer.addressId, items: [{ itemId: kettle.id, quantity: 1 }] });
    const alias = placed.body.order.orderIdAlias as string;

    const byAlias = await request(t.app).get('/api/admin/orders').query({ q: alias }).set(bearer(staff.admin));
    const byNumber = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: String(Number(alias.slice(4))) })
      .set(bearer(staff.admin));
    const byUsername = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: buyer.customer.username.toUpperCase(), page: 1, limit: 5 })
      .set(bearer(staff.admin));
    const completed = await request(t.app)
      .get('/api/admin/orders')
      .query({ q: alias, status: 'Completed' })
      .set(bearer(staff.admin));
    const badStatus = await request(t.app).get('/api/admin/orders').query({ status: 'Lost' }).set(bearer(staff.admin));

    expect(byAlias.body.map((order: { _id: string }) => order._id)).toContain(placed.body.order._id);
    expect(byNumber.body.map((order: { _id: string }) => order._id)).toContain(placed.body.order._id);
    expect(byUsername.body).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(byUsername.body.items[0]._id).toBe(placed.body.order._id);
    expect(completed.body).toEqual([]);
    expect(badStatus.status).toBe(400);
  });
});
