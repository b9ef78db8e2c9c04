import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { items, pointsLedger } from './db/schema';
import { createCustomer, createItem, uniqueSuffix } from './test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from './test/http';
import { expectBalancesEqualLedger } from './test/ledger';

// Issue 16, item 1: values that pass a float-tolerant "2 decimals" check but round to 0 hundredths reached the
// database's CHECK (500); year 0 reached PostgreSQL's date parser (500); a rate of 1e17 was stored and then
// overflowed bigint on every bill (500). Contract "Domain rules": checked after rounding, bounded, years
// 2000–2999. Each case here answered 500 (or wrote a 0-point entry) before the fix.
const t = useTestApp();
const staff = useStaffTokens(t);

const TINY = [1e-9, '0.000000001', 5e-324, -1e-12];

describe('amounts that round to 0 when stored', () => {
  it.each(TINY)('when a bill is entered with billAmount %s, then 400 on billAmount and no bill', async (billAmount) => {
    const customer = await createCustomer(t.db);
    const billNumber = `TINY-${uniqueSuffix()}`;
    const response = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: customer.id, billNumber, billAmount });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'billAmount', message: 'Bill amount must be more than 0' }],
    });
    const bills = await request(t.app).get('/api/bill').query({ q: billNumber, page: 1 }).set(bearer(staff.admin));
    expect(bills.body.total).toBe(0);
  });

  it.each(TINY)('when a bill is edited to billAmount %s, then 400 and the bill keeps its amount', async (billAmount) => {
    const customer = await createCustomer(t.db);
    const created = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: customer.id, billNumber: `EDIT-${uniqueSuffix()}`, billAmount: 1200 });
    expect(created.status).toBe(201);
    const response = await request(t.app).patch(`/api/bill/${created.body._id}`).set(bearer(staff.admin)).send({ billAmount });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'billAmount', message: 'Bill amount must be more than 0' }]);
    await expectBalancesEqualLedger(t.db);
  });

  it.each(['1e-9', '5e-324'])(
    'when an item is created or changed with pointsRequired %s, then 400 on pointsRequired',
    async (points) => {
      const fields = { name: 'Tiny kettle', description: '<p>Tiny</p>', pointsRequired: points, discount: '0', stock: '1' };
      const create = request(t.app).post('/api/item').set(bearer(staff.admin));
      for (const [name, value] of Object.entries(fields)) void create.field(name, value);
      const created = await create;
      expect(created.status).toBe(400);
      expect(created.body.details).toContainEqual({ field: 'pointsRequired', message: 'Points required must be more than 0' });

      const item = await createItem(t.db, { name: `Kettle ${uniqueSuffix()}`, discount: 0, stock: 3 });
      const change = request(t.app).put(`/api/item/${item.id}`).set(bearer(staff.admin));
      for (const [name, value] of Object.entries(fields)) void change.field(name, value);
      const changed = await change;
      expect(changed.status).toBe(400);
      expect(changed.body.details).toContainEqual({ field: 'pointsRequired', message: 'Points required must be more than 0' });
      const [row] = await t.db.select().from(items).where(eq(items.id, item.id));
      expect(row!.pointsRequired).toBe(30000);
    },
  );

  it.each([1e-9, -1e-9, 5e-324])(
    'when a superadmin adjusts points by %s, then 400 and no ledger entry is written',
    async (points) => {
      const customer = await createCustomer(t.db);
      const response = await request(t.app)
        .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
        .set(bearer(staff.superadmin))
        .send({ points, reason: 'Rounding test' });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'points', message: 'Points must not be 0' }]);
      const entries = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, customer.id));
      expect(entries).toEqual([]);
    },
  );

  it('when an amount rounds up at the third decimal, then the stored, rounded value is what the answer says', async () => {
    const customer = await createCustomer(t.db);
    const response = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: customer.id, billNumber: `ROUND-${uniqueSuffix()}`, billAmount: 100.000000001 });
    expect(response.status).toBe(201);
    expect(response.body.billAmount).toBe(100);
  });
});

describe('quarters outside 2000–2999', () => {
  it.each(['0000-Q1', '1999-Q4', '3000-Q1'])(
    'when the tier review of %s is asked for or applied, then 400 on quarter',
    async (quarter) => {
      const shown = await request(t.app).get('/api/superadmin/tier-review').query({ quarter }).set(bearer(staff.superadmin));
      expect(shown.status).toBe(400);
      expect(shown.body.details).toEqual([
        { field: 'quarter', message: 'Quarter must look like 2026-Q3, with a year from 2000 to 2999' },
      ]);
      const applied = await request(t.app)
        .post('/api/superadmin/tier-review/apply')
        .set(bearer(staff.superadmin))
        .send({ quarter });
      expect(applied.status).toBe(400);
    },
  );
});

describe('settings bounds', () => {
  const rates = (rate: number) => ({
    pointsConversion: 1,
    tierPointsConversion: { NoTier: 0, Basic: 600, Bronze: 500, Silver: 400, Gold: rate, Platinum: 200 },
  });

  it('when a tier rate of 1e17 is sent, then 400 on that tier, the old rate stays, and bills for the tier still work', async () => {
    const response = await request(t.app)
      .put('/api/superadmin/system/points-conversion')
      .set(bearer(staff.superadmin))
      .send(rates(1e17));
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'tierPointsConversion.Gold', message: 'Must be at most 10,00,000' }]);

    const gold = await createCustomer(t.db, { tier: 'Gold' });
    const bill = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: gold.id, billNumber: `GOLD-${uniqueSuffix()}`, billAmount: 3000 });
    expect(bill.status).toBe(201);
    expect(bill.body).toMatchObject({ rate: 300, points: 10 });
  });

  it('when the largest allowed rate is set, then a bill of the largest amount still answers 201', async () => {
    const saved = await request(t.app)
      .put('/api/superadmin/system/points-conversion')
      .set(bearer(staff.superadmin))
      .send(rates(1_000_000));
    expect(saved.status).toBe(200);
    const gold = await createCustomer(t.db, { tier: 'Gold' });
    const bill = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: gold.id, billNumber: `MAX-${uniqueSuffix()}`, billAmount: 10_000_000_000 });
    expect(bill.status).toBe(201);
    expect(bill.body.points).toBe(10_000);
    const token = await loginAs(t.app, gold.username, gold.password);
    expect((await request(t.app).get('/api/user/points').set(bearer(token))).body).toMatchObject({ availablePoints: 10_000 });
    await request(t.app).put('/api/superadmin/system/points-conversion').set(bearer(staff.superadmin)).send(rates(300));
  });

  it('when a billing requirement above 1,000,000,000,000 is sent, then 400 on that tier', async () => {
    const response = await request(t.app)
      .put('/api/superadmin/system/tier-billing-requirements')
      .set(bearer(staff.superadmin))
      .send({
        tierBillingRequirements: { NoTier: 0, Basic: 1, Bronze: 2, Silver: 3, Gold: 4, Platinum: 1e13 },
      });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'tierBillingRequirements.Platinum', message: 'Must be at most 10,00,00,00,00,000' },
    ]);
  });
});
