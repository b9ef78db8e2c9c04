import { kolkataDate } from '@app/common';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pointsLedger, users } from '../../db/schema';
import { createCustomer, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { expectBalancesEqualLedger as expectLedgerSums } from '../../test/ledger';
import { writeSettings } from '../settings/settings.service';
import { changeBalances } from '../ledger/ledger.service';

const t = useTestApp();
const staff = useStaffTokens(t);

const billNumber = () => `INV-${uniqueSuffix()}`;

function enter(body: Record<string, unknown>, token = staff.admin) {
  return request(t.app).post('/api/bill').set(bearer(token)).send(body);
}

const expectBalancesEqualLedger = () => expectLedgerSums(t.db);

async function balancesOf(userId: string) {
  const [row] = await t.db
    .select({ availablePoints: users.availablePoints, totalPoints: users.totalPoints })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

describe('POST /api/bill', () => {
  it("when an admin enters a bill, then it earns the customer's tier rate, both balances grow and the ledger says so", async () => {
    const customer = await createCustomer(t.db, { tier: 'Silver' });
    const number = billNumber();

    const response = await enter({ userId: customer.id, billNumber: number, billDate: '2026-01-15', billAmount: 60000.5 });

    expect(response.status).toBe(201);
    // Silver: ₹400 of billing per point → 150.00125 → 150.
    expect(response.body).toMatchObject({
      _id: expect.any(String),
      userId: { _id: customer.id, username: customer.username, partyName: customer.partyName, tier: 'Silver' },
      billNumber: number,
      billDate: '2026-01-15',
      billAmount: 60000.5,
      points: 150,
      rate: 400,
      tier: 'Silver',
      customerPoints: { availablePoints: 150, totalPoints: 150 },
      negativeBalance: false,
    });
    const entries = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, customer.id));
    expect(entries).toEqual([
      expect.objectContaining({ reason: 'bill_entered', availableDelta: 15000, totalDelta: 15000, billId: response.body._id }),
    ]);
    await expectBalancesEqualLedger();
  });

  it('when the date is left out or empty, then it is today in Asia/Kolkata; a future date is refused', async () => {
    const customer = await createCustomer(t.db, { tier: 'Basic' });

    const withoutDate = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 600 });
    const emptyDate = await enter({ userId: customer.id, billNumber: billNumber(), billDate: '', billAmount: 600 });
    const tomorrow = kolkataDate(new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000));
    const future = await enter({ userId: customer.id, billNumber: billNumber(), billDate: tomorrow, billAmount: 600 });

    expect(withoutDate.status).toBe(201);
    expect(withoutDate.body.billDate).toBe(kolkataDate(t.clock.now()));
    expect(emptyDate.body.billDate).toBe(kolkataDate(t.clock.now()));
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([{ field: 'billDate', message: 'Bill date cannot be in the future' }]);
    await expectBalancesEqualLedger();
  });

  it('when the number is taken, also in another case, then 409 and nothing changes', async () => {
    const customer = await createCustomer(t.db, { tier: 'Gold' });
    const number = `Inv-${uniqueSuffix()}`;
    await enter({ userId: customer.id, billNumber: number, billAmount: 300 });

    const same = await enter({ userId: customer.id, billNumber: number, billAmount: 300 });
    const otherCase = await enter({ userId: customer.id, billNumber: `  ${number.toUpperCase()} `, billAmount: 300 });

    expect(same.status).toBe(409);
    expect(same.body.code).toBe('DUPLICATE_BILL_NUMBER');
    expect(otherCase.status).toBe(409);
    expect((await balancesOf(customer.id)).availablePoints).toBe(100);
    await expectBalancesEqualLedger();
  });

  it('when two staff enter the same number at the same moment, then one bill is entered and the other is a 409', async () => {
    const customer = await createCustomer(t.db, { tier: 'Gold' });
    const number = billNumber();

    const answers = await Promise.all([
      enter({ userId: customer.id, billNumber: number, billAmount: 3000 }, staff.admin),
      enter({ userId: customer.id, billNumber: number, billAmount: 3000 }, staff.superadmin),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await balancesOf(customer.id)).availablePoints).toBe(1000);
    await expectBalancesEqualLedger();
  });

  it('when the customer is NoTier, then the bill is kept and earns nothing', async () => {
    const customer = await createCustomer(t.db);
    const response = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 99999 });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ points: 0, rate: 0, tier: 'NoTier', customerPoints: { availablePoints: 0 } });
    await expectBalancesEqualLedger();
  });

  it.each([
    ['a zero amount', { billAmount: 0 }],
    ['a negative amount', { billAmount: -5 }],
    ['three decimals', { billAmount: 10.005 }],
    ['an amount that is text', { billAmount: 'lots' }],
    ['an object for the number', { billNumber: { $gt: '' } }],
    ['a blank number', { billNumber: '   ' }],
    ['an impossible date', { billDate: '2026-02-30' }],
    ['a date that is not one', { billDate: 'yesterday' }],
    ['a NUL byte in the number', { billNumber: 'INV\u0000-1' }],
  ])('when the bill has %s, then 400 and nothing is entered', async (_label, change) => {
    const customer = await createCustomer(t.db, { tier: 'Basic' });
    const response = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 600, ...change });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(await balancesOf(customer.id)).toEqual({ availablePoints: 0, totalPoints: 0 });
  });

  it('when the amount arrives as text from a form, then its number is used', async () => {
    const customer = await createCustomer(t.db, { tier: 'Basic' });
    const response = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: '1200' });
    expect(response.status).toBe(201);
    expect(response.body.points).toBe(2);
  });

  it('when the bill is for an admin, an unknown user or a malformed id, then 400, 404 and 400', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userType, 'admin')).limit(1);

    expect((await enter({ userId: admin!.id, billNumber: billNumber(), billAmount: 10 })).status).toBe(400);
    expect(
      (await enter({ userId: '00000000-0000-4000-8000-000000000000', billNumber: billNumber(), billAmount: 10 })).status,
    ).toBe(404);
    expect((await enter({ userId: 'not-an-id', billNumber: billNumber(), billAmount: 10 })).status).toBe(400);
  });

  it('when the same Idempotency-Key is sent twice, then one bill is entered and the answer is replayed', async () => {
    const customer = await createCustomer(t.db, { tier: 'Platinum' });
    const body = { userId: customer.id, billNumber: billNumber(), billAmount: 2000 };
    const key = `bill-${uniqueSuffix()}`;

    const first = await request(t.app).post('/api/bill').set(bearer(staff.admin)).set('Idempotency-Key', key).send(body);
    const again = await request(t.app).post('/api/bill').set(bearer(staff.admin)).set('Idempotency-Key', key).send(body);

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body._id).toBe(first.body._id);
    expect((await balancesOf(customer.id)).availablePoints).toBe(1000);
    await expectBalancesEqualLedger();
  });
});

describe('PATCH and DELETE /api/bill/{id}', () => {
  it('when the rate changes after a bill is entered, then editing its amount prices it at its own rate', async () => {
    const customer = await createCustomer(t.db, { tier: 'Bronze' });
    const entered = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 5000 });
    expect(entered.body.points).toBe(10);
    await writeSettings(
      t.db,
      { tierPointsConversion: { NoTier: 0, Basic: 600, Bronze: 100, Silver: 400, Gold: 300, Platinum: 200 } },
      null,
    );

    const edited = await request(t.app)
      .patch(`/api/bill/${entered.body._id}`)
      .set(bearer(staff.admin))
      .send({ billAmount: 10000 });

    await writeSettings(
      t.db,
      { tierPointsConversion: { NoTier: 0, Basic: 600, Bronze: 500, Silver: 400, Gold: 300, Platinum: 200 } },
      null,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      points: 20,
      rate: 500,
      billAmount: 10000,
      customerPoints: { availablePoints: 20, totalPoints: 20 },
    });
    const entries = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, customer.id));
    expect(entries.map((entry) => [entry.reason, entry.availableDelta])).toEqual([
      ['bill_entered', 1000],
      ['bill_edited', 1000],
    ]);
    await expectBalancesEqualLedger();
  });

  it('when points were already spent and the bill is cut, then the balance goes negative and the answer says so', async () => {
    const customer = await createCustomer(t.db, { tier: 'Platinum' });
    const entered = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 20000 });
    // 100 points earned; 80 spent elsewhere (an order, through the one way a balance changes).
    await changeBalances(t.db, {
      userId: customer.id,
      type: 'order_placed',
      availableDelta: -8000,
      totalDelta: 0,
      actorId: customer.id,
      availableBefore: 10000,
    });

    const cut = await request(t.app)
      .patch(`/api/bill/${entered.body._id}`)
      .set(bearer(staff.superadmin))
      .send({ billAmount: 2000 });

    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({
      points: 10,
      customerPoints: { availablePoints: -70, totalPoints: 10 },
      negativeBalance: true,
    });
    await expectBalancesEqualLedger();
  });

  it('when a bill is deleted, then its points are taken back once, it leaves the lists, and a second delete is a 404', async () => {
    const customer = await createCustomer(t.db, { tier: 'Silver' });
    const number = billNumber();
    const entered = await enter({ userId: customer.id, billNumber: number, billAmount: 4000 });

    const deleted = await request(t.app).delete(`/api/bill/${entered.body._id}`).set(bearer(staff.admin));
    const again = await request(t.app).delete(`/api/bill/${entered.body._id}`).set(bearer(staff.admin));
    const listed = await request(t.app).get('/api/bill').query({ q: number, page: 1 }).set(bearer(staff.admin));

    expect(deleted.status).toBe(200);
    expect(deleted.body.customerPoints).toEqual({ availablePoints: 0, totalPoints: 0 });
    expect(again.status).toBe(404);
    expect(listed.body).toMatchObject({ items: [], total: 0 });
    // The number is free again for a new bill.
    expect((await enter({ userId: customer.id, billNumber: number, billAmount: 400 })).status).toBe(201);
    await expectBalancesEqualLedger();
  });

  it('when an edit takes a number another bill has, or a future date, then 409 and 400', async () => {
    const customer = await createCustomer(t.db, { tier: 'Gold' });
    const taken = billNumber();
    await enter({ userId: customer.id, billNumber: taken, billAmount: 300 });
    const other = await enter({ userId: customer.id, billNumber: billNumber(), billAmount: 300 });

    const clash = await request(t.app)
      .patch(`/api/bill/${other.body._id}`)
      .set(bearer(staff.admin))
      .send({ billNumber: taken.toLowerCase() });
    const future = await request(t.app)
      .patch(`/api/bill/${other.body._id}`)
      .set(bearer(staff.admin))
      .send({ billDate: '2999-01-01' });
    const empty = await request(t.app).patch(`/api/bill/${other.body._id}`).set(bearer(staff.admin)).send({});

    expect(clash.status).toBe(409);
    expect(future.status).toBe(400);
    expect(empty.status).toBe(400);
  });
});

describe('GET /api/bill and /api/bill/user', () => {
  it('when staff search by bill number or username, then matching bills come newest first; a customer sees only their own', async () => {
    const asha = await createCustomer(t.db, { tier: 'Basic', username: `asha-${uniqueSuffix()}` });
    const ravi = await createCustomer(t.db, { tier: 'Basic' });
    await enter({ userId: asha.id, billNumber: billNumber(), billDate: '2026-01-01', billAmount: 600 });
    await enter({ userId: asha.id, billNumber: billNumber(), billDate: '2026-02-01', billAmount: 1200 });
    await enter({ userId: ravi.id, billNumber: billNumber(), billAmount: 600 });

    const byUsername = await request(t.app)
      .get('/api/bill')
      .query({ q: asha.username, page: 1, limit: 10 })
      .set(bearer(staff.admin));
    const ashaToken = await loginAs(t.app, asha.username, asha.password);
    const own = await request(t.app).get('/api/bill/user').set(bearer(ashaToken));

    expect(byUsername.body.total).toBe(2);
    expect(byUsername.body.items.map((bill: { billDate: string }) => bill.billDate)).toEqual(['2026-02-01', '2026-01-01']);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(2);
    expect(own.body.every((bill: { userId: { _id: string } }) => bill.userId._id === asha.id)).toBe(true);
    expect(own.headers['x-total-count']).toBe('2');
  });
});
