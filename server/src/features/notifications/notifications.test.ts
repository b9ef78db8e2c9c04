import type { Language, NotificationItem } from '@app/common';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addresses, notifications, users } from '../../db/schema';
import {
  createAdmin,
  createCustomer,
  createItem,
  createSuperadmin,
  uniqueSuffix,
  type UserOverrides,
} from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { changeBalances } from '../ledger/ledger.service';
import { inboxOnly } from '../outbox/outbox.service';
import { notifyUser } from './notifications.service';

// Contract "Beyond the spec: language and notifications": each event is a notification in the inbox of the
// user it concerns (staff: each new order), written in the transaction of the change, and read in the
// reader's language of the moment.
const t = useTestApp();
// These tests read inboxes; what is mailed is the outbox's tests' (outbox.test.ts).
const delivery = () => inboxOnly(t.config);
const staff = useStaffTokens(t);

type Signed = { id: string; username: string; token: string };

async function signedIn(user: { id: string; username: string; password: string }): Promise<Signed> {
  return { id: user.id, username: user.username, token: await loginAs(t.app, user.username, user.password) };
}

async function customer(overrides: UserOverrides = {}): Promise<Signed> {
  return signedIn(await createCustomer(t.db, overrides));
}

async function setLanguage(userId: string, language: Language): Promise<void> {
  await t.db.update(users).set({ language }).where(eq(users.id, userId));
}

const inbox = (token: string, query: Record<string, unknown> = {}) =>
  request(t.app).get('/api/user/notifications').query(query).set(bearer(token));

const markRead = (token: string, body: unknown) =>
  request(t.app)
    .post('/api/user/notifications/read')
    .set(bearer(token))
    .send(body as object);

/** The titles and bodies of a user's inbox, newest first. */
async function wordsOf(token: string): Promise<[string, string][]> {
  const response = await inbox(token, { limit: 100 });
  expect(response.status).toBe(200);
  return (response.body.items as NotificationItem[]).map((item) => [item.title, item.body]);
}

async function rowsOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

const enterBill = (userId: string, billNumber: string, billAmount: number) =>
  request(t.app).post('/api/bill').set(bearer(staff.admin)).send({ userId, billNumber, billAmount });

async function withAddress(userId: string): Promise<string> {
  const [address] = await t.db
    .insert(addresses)
    .values({ userId, addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', isDefault: true })
    .returning();
  return address!.id;
}

/** A customer holding points (through the ledger) and an address, ready to check out. */
async function buyer(points: number, partyName = `Ajmer Traders ${uniqueSuffix()}`) {
  const signed = await customer({ partyName });
  await changeBalances(t.db, {
    userId: signed.id,
    type: 'adjustment',
    availableDelta: points * 100,
    totalDelta: 0,
    actorId: null,
    availableBefore: 0,
  });
  return { ...signed, partyName, addressId: await withAddress(signed.id) };
}

const checkout = (token: string, addressId: string, itemId: string, quantity: number) =>
  request(t.app)
    .post('/api/user/cart/checkout')
    .set(bearer(token))
    .send({ addressId, items: [{ itemId, quantity }] });

const setStatus = (orderId: string, status: string) =>
  request(t.app).patch(`/api/admin/${orderId}/status`).set(bearer(staff.admin)).send({ status });

describe('notifications of each event', () => {
  it('when staff enter, correct and delete a bill, then the customer is told each time with the points moved and the balance', async () => {
    const owner = await customer({ tier: 'Platinum' }); // 200 INR a point
    const billNumber = `NB-${uniqueSuffix()}`;

    const entered = await enterBill(owner.id, billNumber, 2000); // +10
    await request(t.app).patch(`/api/bill/${entered.body._id}`).set(bearer(staff.admin)).send({ billAmount: 1800 }); // −1
    await request(t.app).patch(`/api/bill/${entered.body._id}`).set(bearer(staff.admin)).send({ billDate: '2026-01-05' });
    await request(t.app).delete(`/api/bill/${entered.body._id}`).set(bearer(staff.admin)); // −9

    expect(entered.status).toBe(201);
    expect(await wordsOf(owner.token)).toEqual([
      [`Bill ${billNumber} deleted`, `Bill ${billNumber} was deleted and its 9 points were taken back. Available points: 0.`],
      [`Bill ${billNumber} corrected`, `Bill ${billNumber} was corrected; your points did not change. Available points: 9.`],
      [`Bill ${billNumber} corrected`, `Bill ${billNumber} was corrected: 1 point was taken back. Available points: 9.`],
      [`Bill ${billNumber} entered`, `10 points were added for bill ${billNumber}. Available points: 10.`],
    ]);
    const rows = await rowsOf(owner.id);
    expect(rows.map((row) => row.type).sort()).toEqual(['bill_deleted', 'bill_edited', 'bill_edited', 'bill_entered']);
    expect(rows.find((row) => row.type === 'bill_entered')!.params).toEqual({ billNumber, points: 10, availablePoints: 10 });
  });

  it('when a superadmin adjusts points either way, then the customer is told the amount, the reason and the balance', async () => {
    const owner = await customer();
    const adjust = (points: number, reason: string) =>
      request(t.app)
        .post(`/api/superadmin/users/${owner.id}/points-adjustment`)
        .set(bearer(staff.superadmin))
        .send({ points, reason });

    expect((await adjust(1234567.5, 'Diwali scheme')).status).toBe(201);
    expect((await adjust(-0.5, 'Damaged gift returned')).status).toBe(201);

    expect(await wordsOf(owner.token)).toEqual([
      ['Points adjusted', '0.5 points were taken from your balance. Reason: Damaged gift returned. Available points: 12,34,567.'],
      ['Points adjusted', '12,34,567.5 points were added to your balance. Reason: Diwali scheme. Available points: 12,34,567.5.'],
    ]);
  });

  it('when a customer checks out, then they are told of the order and every live admin and superadmin of a new order, in one go', async () => {
    const placer = await buyer(1000);
    const kettle = await createItem(t.db);
    const blockedAdmin = await createAdmin(t.db, { blocked: true });
    const deletedAdmin = await createAdmin(t.db);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deletedAdmin.id));
    const [admin, superadmin] = [await signedIn(await createAdmin(t.db)), await signedIn(await createSuperadmin(t.db))];

    const placed = await checkout(placer.token, placer.addressId, kettle.id, 2); // (300 − 50) × 2 = 500 points

    expect(placed.status).toBe(201);
    const alias = placed.body.order.orderIdAlias as string;
    expect(await wordsOf(placer.token)).toEqual([
      [`Order ${alias} placed`, `Your order ${alias} for 500 points has been placed and is pending.`],
    ]);
    const told = [`New order ${alias}`, `${placer.partyName} placed order ${alias} for 500 points.`];
    expect((await wordsOf(admin.token))[0]).toEqual(told);
    expect((await wordsOf(superadmin.token))[0]).toEqual(told);
    expect((await wordsOf(staff.admin))[0]).toEqual(told);
    // Every live staff member exactly once; a blocked or deleted one is told nothing.
    const newOrders = (await t.db.select().from(notifications).where(eq(notifications.type, 'new_order'))).filter(
      (row) => row.params.orderIdAlias === alias,
    );
    const liveStaff = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.userType, ['admin', 'superadmin']), eq(users.blocked, false), isNull(users.deletedAt)));
    expect(newOrders.map((row) => row.userId).sort()).toEqual(liveStaff.map((row) => row.id).sort());
    expect(newOrders.map((row) => row.params)).toContainEqual({ orderIdAlias: alias, partyName: placer.partyName, points: 500 });
    expect(await rowsOf(blockedAdmin.id)).toEqual([]);
    expect(await rowsOf(deletedAdmin.id)).toEqual([]);
  });

  it('when staff complete and then cancel an order, then the customer is told of each, the cancellation with the points returned', async () => {
    const placer = await buyer(1000);
    const kettle = await createItem(t.db);
    const placed = await checkout(placer.token, placer.addressId, kettle.id, 1); // 250 points
    const orderId = placed.body.order._id as string;
    const alias = placed.body.order.orderIdAlias as string;

    expect((await setStatus(orderId, 'Completed')).status).toBe(200);
    expect((await setStatus(orderId, 'Pending')).status).toBe(200);
    expect((await setStatus(orderId, 'Cancelled')).status).toBe(200);

    expect(await wordsOf(placer.token)).toEqual([
      [`Order ${alias} cancelled`, `Your order ${alias} was cancelled and its 250 points were returned to your balance.`],
      [`Order ${alias} completed`, `Your order ${alias} for 250 points is completed.`],
      [`Order ${alias} placed`, `Your order ${alias} for 250 points has been placed and is pending.`],
    ]);
  });

  it('when a superadmin changes a tier and the quarterly review sets one, then the customer is told of each', async () => {
    const owner = await customer({ tier: 'Basic' });

    const changed = await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(staff.superadmin))
      .send({ userId: owner.id, newTier: 'Gold' });
    // No billing in 2025-Q1: the review drops Gold to NoTier.
    const applied = await request(t.app)
      .post('/api/superadmin/tier-review/apply')
      .set(bearer(staff.superadmin))
      .send({ quarter: '2025-Q1' });

    expect(changed.status).toBe(200);
    expect(applied.status).toBe(200);
    expect(await wordsOf(owner.token)).toEqual([
      ['Your tier for the new quarter', 'After the review of your billing in 2025-Q1, your tier changed from Gold to No Tier.'],
      ['Your tier has changed', 'Your tier was changed from Basic to Gold.'],
    ]);
  });

  it("when the reader's language is Hindi, then every notification reads in Hindi with hi-IN numbers, and in English again after switching back", async () => {
    const placer = await buyer(2_000_000, 'Jodhpur Steel');
    await t.db.update(users).set({ tier: 'Platinum' }).where(eq(users.id, placer.id));
    const kettle = await createItem(t.db);
    const billNumber = `HB-${uniqueSuffix()}`;
    await enterBill(placer.id, billNumber, 246913500); // 12,34,567.5 points
    const placed = await checkout(placer.token, placer.addressId, kettle.id, 1);
    const alias = placed.body.order.orderIdAlias as string;
    await request(t.app)
      .post('/api/superadmin/users/change-tier')
      .set(bearer(staff.superadmin))
      .send({ userId: placer.id, newTier: 'NoTier' });
    const hindiAdmin = await signedIn(await createAdmin(t.db));
    await setLanguage(hindiAdmin.id, 'hi');
    await checkout(placer.token, placer.addressId, kettle.id, 1);

    await setLanguage(placer.id, 'hi');
    const hindi = await wordsOf(placer.token);
    await setLanguage(placer.id, 'en');
    const english = await wordsOf(placer.token);

    expect(hindi.slice(1)).toEqual([
      ['आपका टियर बदल गया', 'आपका टियर “प्लैटिनम” से बदलकर “कोई टियर नहीं” कर दिया गया है।'],
      [`ऑर्डर ${alias} हो गया`, `आपका 250 पॉइंट्स का ऑर्डर ${alias} मिल गया है और अभी लंबित है।`],
      [`बिल ${billNumber} दर्ज हुआ`, `बिल ${billNumber} के लिए 12,34,567.5 पॉइंट्स जोड़े गए। उपलब्ध पॉइंट्स: 32,34,567.5।`],
    ]);
    expect(english[1]).toEqual(['Your tier has changed', 'Your tier was changed from Platinum to No Tier.']);
    expect((await wordsOf(hindiAdmin.token))[0]).toEqual([
      expect.stringMatching(/^नया ऑर्डर ORD-\d+$/),
      expect.stringMatching(/^Jodhpur Steel ने 250 पॉइंट्स का ऑर्डर ORD-\d+ किया है।$/),
    ]);
  });

  it('when a change fails (a checkout out of stock, a duplicate bill number), then no notification is written', async () => {
    const placer = await buyer(1000);
    const scarce = await createItem(t.db, { stock: 1 });
    const owner = await customer({ tier: 'Gold' });
    const billNumber = `DUP-${uniqueSuffix()}`;
    expect((await enterBill(owner.id, billNumber, 3000)).status).toBe(201);
    const staffNoticesBefore = await t.db.select().from(notifications).where(eq(notifications.type, 'new_order'));

    const outOfStock = await checkout(placer.token, placer.addressId, scarce.id, 2);
    const duplicate = await enterBill(owner.id, billNumber, 6000);

    expect(outOfStock.status).toBe(409);
    expect(duplicate.status).toBe(409);
    expect(await rowsOf(placer.id)).toEqual([]);
    expect((await rowsOf(owner.id)).map((row) => row.type)).toEqual(['bill_entered']);
    expect(await t.db.select().from(notifications).where(eq(notifications.type, 'new_order'))).toHaveLength(
      staffNoticesBefore.length,
    );
  });

  it('when the transaction that wrote a notification rolls back after it, then the notification is gone with it', async () => {
    const owner = await customer();

    const failed = t.db.transaction(async (tx) => {
      await notifyUser(tx, delivery(), owner.id, 'tier_changed', { from: 'Basic', to: 'Gold' });
      throw new Error('a later step of the change failed');
    });

    await expect(failed).rejects.toThrow('a later step of the change failed');
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  it('when two customers check out the last item at once, then only the order that was placed is notified', async () => {
    const [first, second] = [await buyer(1000), await buyer(1000)];
    const last = await createItem(t.db, { stock: 1 });

    const answers = await Promise.all([
      checkout(first.token, first.addressId, last.id, 1),
      checkout(second.token, second.addressId, last.id, 1),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const winner = answers[0].status === 201 ? first : second;
    const loser = winner === first ? second : first;
    expect((await rowsOf(winner.id)).map((row) => row.type)).toEqual(['order_placed']);
    expect(await rowsOf(loser.id)).toEqual([]);
    const staffNotices = (await t.db.select().from(notifications).where(eq(notifications.type, 'new_order'))).filter(
      (row) => row.params.partyName === loser.partyName,
    );
    expect(staffNotices).toEqual([]);
  });
});

describe('GET /api/user/notifications', () => {
  async function withNotices(count: number): Promise<Signed> {
    const owner = await customer();
    for (let index = 1; index <= count; index += 1) {
      await notifyUser(t.db, delivery(), owner.id, 'bill_entered', {
        billNumber: `P-${index}`,
        points: index,
        availablePoints: index,
      });
    }
    return owner;
  }

  it('when a user reads their inbox, then it is newest first, 20 a page by default, with the total and the unread count', async () => {
    const owner = await withNotices(23);

    const first = await inbox(owner.token);
    const second = await inbox(owner.token, { page: 2, limit: 20 });
    const small = await inbox(owner.token, { page: 3, limit: 5 });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 23, page: 1, limit: 20, unread: 23 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toEqual({
      _id: expect.any(String),
      type: 'bill_entered',
      title: 'Bill P-23 entered',
      body: '23 points were added for bill P-23. Available points: 23.',
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(second.body).toMatchObject({ total: 23, page: 2, limit: 20, unread: 23 });
    expect(second.body.items.map((item: NotificationItem) => item.title)).toEqual([
      'Bill P-3 entered',
      'Bill P-2 entered',
      'Bill P-1 entered',
    ]);
    expect(small.body.items.map((item: NotificationItem) => item.title)).toEqual([
      'Bill P-13 entered',
      'Bill P-12 entered',
      'Bill P-11 entered',
      'Bill P-10 entered',
      'Bill P-9 entered',
    ]);
  });

  it("when a customer asks for another user's inbox, then they still read only their own", async () => {
    const owner = await withNotices(2);
    const other = await customer();

    const answer = await inbox(other.token, { userId: owner.id });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ items: [], total: 0, page: 1, limit: 20, unread: 0 });
  });

  it.each([
    ['a page of 0', { page: 0 }],
    ['a limit above 100', { limit: 101 }],
    ['a limit of 0', { limit: 0 }],
    ['a page that is not a number', { page: 'two' }],
  ])('when the query has %s, then 400 in the error shape', async (_name, query) => {
    const owner = await customer();

    const answer = await inbox(owner.token, query);

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('when nobody is signed in, then 401 for both routes', async () => {
    expect((await request(t.app).get('/api/user/notifications')).status).toBe(401);
    expect((await request(t.app).post('/api/user/notifications/read').send({ all: true })).status).toBe(401);
  });
});

describe('POST /api/user/notifications/read', () => {
  async function ownerWith(count: number) {
    const owner = await customer();
    for (let index = 1; index <= count; index += 1) {
      await notifyUser(t.db, delivery(), owner.id, 'order_placed', { orderIdAlias: `ORD-${index}`, points: 10 });
    }
    const listed = await inbox(owner.token);
    return { ...owner, ids: (listed.body.items as NotificationItem[]).map((item) => item._id) };
  }

  it('when a user marks some read, then those carry readAt and the unread count falls; all: true marks the rest', async () => {
    const owner = await ownerWith(4);

    const some = await markRead(owner.token, { ids: owner.ids.slice(0, 2) });
    const again = await markRead(owner.token, { ids: owner.ids.slice(0, 2) });
    const afterSome = await inbox(owner.token);
    const all = await markRead(owner.token, { all: true });
    const afterAll = await inbox(owner.token);

    expect(some.status).toBe(200);
    expect(some.body).toEqual({ unread: 2 });
    expect(again.body).toEqual({ unread: 2 });
    expect(afterSome.body.unread).toBe(2);
    expect(afterSome.body.items.map((item: NotificationItem) => item.readAt !== null)).toEqual([true, true, false, false]);
    expect(all.body).toEqual({ unread: 0 });
    expect(afterAll.body).toMatchObject({ total: 4, unread: 0 });
    // Marking all again keeps the moment each was first read.
    expect(afterAll.body.items[0].readAt).toBe(afterSome.body.items[0].readAt);
  });

  it("when a user marks another user's notifications, then nothing changes and they get their own unread count", async () => {
    const owner = await ownerWith(2);
    const intruder = await ownerWith(1);

    const answer = await markRead(intruder.token, { ids: owner.ids });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ unread: 1 });
    expect((await rowsOf(owner.id)).map((row) => row.readAt)).toEqual([null, null]);
    expect((await inbox(owner.token)).body.unread).toBe(2);
  });

  it.each([
    ['an empty body', {}],
    ['both ids and all', { ids: [], all: true }],
    ['all: false', { all: false }],
    ['ids that is not a list', { ids: 'everything' }],
    ['an id that is not a uuid', { ids: ['42'] }],
    ['more than 100 ids', { ids: Array.from({ length: 101 }, () => randomUUID()) }],
    ['a list instead of an object', [1, 2]],
  ])('when the body has %s, then 400 in the error shape', async (_name, body) => {
    const owner = await ownerWith(1);

    const answer = await markRead(owner.token, body);

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: 'VALIDATION_FAILED' });
    expect((await inbox(owner.token)).body.unread).toBe(1);
  });
});
