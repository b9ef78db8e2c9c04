import type { Overview } from '@app/common';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bills, orders, pointsLedger, users } from '../../db/schema';
import { createCustomer, uniqueSuffix } from '../../test/factories';
import { bearer, useStaffTokens, useTestApp } from '../../test/http';

const t = useTestApp();
// The whole file runs on 15 May 2026, 11:30 in Asia/Kolkata: months and the quarter (2026-Q2) are fixed.
beforeAll(() => {
  t.clock.advance(Date.parse('2026-05-15T06:00:00Z') - t.clock.now().getTime());
});
const staff = useStaffTokens(t);

const overview = (query: Record<string, string> = {}, token = staff.superadmin) =>
  request(t.app).get('/api/admin/overview').query(query).set(bearer(token));

// Bills in INR; ledger entries in hundredths of a point, as stored.
async function bill(userId: string, billDate: string, rupees: number, deleted = false) {
  await t.db.insert(bills).values({
    billNumber: `OV-${uniqueSuffix()}`,
    userId,
    billDate,
    amountPaise: rupees * 100,
    rateHundredths: 30000,
    points: Math.round((rupees * 100) / 300),
    deletedAt: deleted ? new Date('2026-05-03T05:00:00Z') : null,
  });
}
async function entry(userId: string, reason: (typeof pointsLedger.$inferInsert)['reason'], hundredths: number, at: string) {
  const isBill = reason.startsWith('bill_');
  await t.db.insert(pointsLedger).values({
    userId,
    reason,
    availableDelta: hundredths,
    totalDelta: isBill ? hundredths : 0,
    createdAt: new Date(at),
  });
}
async function order(userId: string, status: 'Pending' | 'Completed' | 'Cancelled', at: string) {
  await t.db.insert(orders).values({ userId, status, totalPoints: 10000, createdAt: new Date(at) });
}

describe('GET /api/admin/overview', () => {
  beforeAll(async () => {
    const gold = await createCustomer(t.db, { tier: 'Gold' });
    const basic = await createCustomer(t.db, { tier: 'Basic' });
    await createCustomer(t.db, { tier: 'NoTier' });
    const gone = await createCustomer(t.db, { tier: 'Silver' });
    await t.db
      .update(users)
      .set({ deletedAt: new Date('2026-04-01T00:00:00Z') })
      .where(eq(users.id, gone.id));

    await bill(basic.id, '2026-02-28', 7777); // before the window
    await bill(basic.id, '2026-03-31', 2000000);
    await bill(gold.id, '2026-04-01', 9000000); // the first of the month: April, and 2026-Q2
    await bill(gold.id, '2026-05-10', 6500000);
    await bill(gold.id, '2026-05-02', 5000000, true); // deleted: counts nowhere
    await bill(basic.id, '2026-05-01', 1500000);
    // A deleted customer's bill stays a bill of the programme, but the customer is no longer counted.
    await bill(gone.id, '2026-04-10', 10000000);

    // 18:30 UTC on the last day of a month is 00:00 IST on the first of the next.
    await entry(basic.id, 'bill_entered', 100000, '2026-02-28T18:29:59.999Z'); // February: outside
    await entry(basic.id, 'bill_entered', 30000, '2026-03-31T18:29:59.999Z'); // March
    await entry(gold.id, 'bill_entered', 45000, '2026-03-31T18:30:00.000Z'); // April
    await entry(gold.id, 'bill_edited', -5000, '2026-04-20T10:00:00Z'); // April
    await entry(gold.id, 'adjustment', 99900, '2026-04-21T10:00:00Z'); // neither issued nor redeemed
    await entry(gold.id, 'bill_deleted', -10000, '2026-05-03T05:00:00Z'); // May
    await entry(basic.id, 'bill_entered', 20000, '2026-05-10T05:00:00Z'); // May
    await entry(gold.id, 'order_placed', -8000, '2026-04-12T05:00:00Z'); // April
    await entry(gold.id, 'order_placed', -12000, '2026-04-30T18:30:00Z'); // May
    await entry(gold.id, 'order_cancelled', 8000, '2026-05-05T05:00:00Z'); // May
    await entry(basic.id, 'points_expired', -2500, '2026-04-30T18:29:00Z'); // April: expired
    await entry(gold.id, 'campaign_bonus', 45000, '2026-04-02T10:00:00Z'); // April: bonus
    await entry(gold.id, 'campaign_bonus', -5000, '2026-05-03T05:00:00Z'); // May: a bonus taken back

    await order(gold.id, 'Completed', '2026-02-10T05:00:00Z'); // before the window, still counted by status
    await order(gold.id, 'Cancelled', '2026-04-12T05:00:00Z');
    await order(gold.id, 'Pending', '2026-04-30T18:30:00Z'); // 1 May in Asia/Kolkata
    await order(basic.id, 'Pending', '2026-05-14T05:00:00Z');
  });

  it('when bills, ledger entries and orders fall in and around the months, then each month sums its own in Asia/Kolkata', async () => {
    const response = await overview({ months: '3' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      months: [
        { month: '2026-03', billing: 2000000, pointsIssued: 300, pointsRedeemed: 0, pointsExpired: 0, pointsBonus: 0, orders: 0 },
        {
          month: '2026-04',
          billing: 19000000,
          pointsIssued: 400,
          pointsRedeemed: 80,
          pointsExpired: 25,
          pointsBonus: 450,
          orders: 1,
        },
        {
          month: '2026-05',
          billing: 8000000,
          pointsIssued: 100,
          pointsRedeemed: 40,
          pointsExpired: 0,
          pointsBonus: -50,
          orders: 2,
        },
      ],
      ordersByStatus: { Pending: 2, Completed: 1, Cancelled: 1 },
      customersByTier: { NoTier: 1, Basic: 1, Bronze: 0, Silver: 0, Gold: 1, Platinum: 0 },
      quarter: {
        quarter: '2026-Q2',
        tiers: [
          { tier: 'NoTier', requirement: 0, customersMeeting: 3 },
          { tier: 'Basic', requirement: 1500000, customersMeeting: 2 },
          { tier: 'Bronze', requirement: 3000000, customersMeeting: 1 },
          { tier: 'Silver', requirement: 6000000, customersMeeting: 1 },
          { tier: 'Gold', requirement: 9000000, customersMeeting: 1 },
          { tier: 'Platinum', requirement: 15000000, customersMeeting: 1 },
        ],
      },
    } satisfies Overview);
  });

  it('when no months are asked for, then the last 12 come oldest first, empty ones as zeros', async () => {
    const response = await overview({}, staff.admin);

    expect(response.status).toBe(200);
    const months = (response.body as Overview).months;
    expect(months.map((month) => month.month)).toEqual([
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    const quiet = { pointsRedeemed: 0, pointsExpired: 0, pointsBonus: 0 };
    expect(months[0]).toEqual({ month: '2025-06', billing: 0, pointsIssued: 0, ...quiet, orders: 0 });
    expect(months[8]).toEqual({ month: '2026-02', billing: 7777, pointsIssued: 1000, ...quiet, orders: 1 });
  });

  it('when 24 months are asked for, then the window reaches back across the year', async () => {
    const response = await overview({ months: '24' });

    expect(response.status).toBe(200);
    expect(response.body.months).toHaveLength(24);
    expect(response.body.months[0].month).toBe('2024-06');
  });

  it.each([['0'], ['25'], ['-1'], ['1.5'], ['twelve'], ['']])(
    'when months is %j, then 400 VALIDATION_FAILED names months',
    async (months) => {
      const response = await overview({ months });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'months' })] });
    },
  );

  it('when a customer asks, then 403; without a token, then 401', async () => {
    const customer = await createCustomer(t.db);
    const login = await request(t.app).post('/api/auth/login').send({ username: customer.username, password: customer.password });
    const asCustomer = await request(t.app).get('/api/admin/overview').set(bearer(login.body.refreshToken));
    const anonymous = await request(t.app).get('/api/admin/overview');

    expect(asCustomer.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });
});
