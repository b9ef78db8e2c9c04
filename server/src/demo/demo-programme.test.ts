import { ORDER_STATUSES, TIERS, kolkataDate, lastEndedQuarter } from '@app/common';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bills, campaigns, items, pointLots, pointsLedger } from '../db/schema';
import { bearer, loginAs, useTestApp } from '../test/http';
import { expectBalancesEqualLedger } from '../test/ledger';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DemoRefusedError, seedDemoProgramme, type DemoResult } from './demo-programme';
import { countProgramme } from './demo.repository';

// A fixed day, so the story (seeded, not random between runs) is the same on every run of this file.
const NOW = new Date('2026-11-20T06:30:00Z');

describe('npm run demo: the demo programme', () => {
  const t = useTestApp();
  let result: DemoResult;
  beforeAll(async () => {
    result = await seedDemoProgramme(t.db, t.config, NOW);
  }, 300_000);

  it('when the demo is written, then it holds about 30 items with pictures, 50 dealers in every tier and orders in every status', () => {
    const { counts } = result;
    expect(counts.items).toBe(30);
    expect(counts.itemsWithPicture).toBe(30);
    // Every picture in three sizes, stored in the database as an upload's are.
    expect(counts.pictureFiles).toBe(90);
    expect(Object.values(counts.customersByTier).reduce((sum, total) => sum + total, 0)).toBe(50);
    for (const tier of TIERS) expect(counts.customersByTier[tier], tier).toBeGreaterThan(0);
    for (const status of ORDER_STATUSES) expect(counts.ordersByStatus[status], status).toBeGreaterThan(0);
    expect(counts.bills).toBeGreaterThan(300);
    expect(counts.adjustments).toBeGreaterThan(0);
  });

  it('when the demo is written, then every balance equals its ledger and no stock is below zero', async () => {
    await expectBalancesEqualLedger(t.db);
    const [lowest] = await t.db.select({ stock: sql<number>`min(${items.stock})`.mapWith(Number) }).from(items);
    expect(lowest!.stock).toBeGreaterThanOrEqual(0);
  });

  it('when the demo is written, then its bills are dated in the quarter that ended and the running one, and entered on their day', async () => {
    const [range] = await t.db
      .select({
        first: sql<string>`min(${bills.billDate})::text`,
        last: sql<string>`max(${bills.billDate})::text`,
        enteredOnOtherDay:
          sql<number>`count(*) filter (where (${bills.createdAt} at time zone 'Asia/Kolkata')::date <> ${bills.billDate})`.mapWith(
            Number,
          ),
      })
      .from(bills);
    expect(range!.first >= lastEndedQuarter(NOW).from).toBe(true);
    expect(range!.last <= kolkataDate(NOW)).toBe(true);
    expect(range!.enteredOnOtherDay).toBe(0);
  });

  it('when the demo is written, then a campaign runs and one has ended, bills carry bonuses, and points have expired and expire within 30 days', async () => {
    const today = kolkataDate(NOW);
    const written = await t.db.select().from(campaigns);
    expect(written.filter((campaign) => campaign.to < today)).toHaveLength(1);
    expect(written.filter((campaign) => campaign.from <= today && today <= campaign.to)).toHaveLength(1);
    const [figures] = await t.db
      .select({
        billsWithBonus: sql<number>`(select count(*) from ${bills} where ${bills.bonusPoints} > 0)`.mapWith(Number),
        expiredEntries:
          sql<number>`(select count(*) from ${pointsLedger} where ${pointsLedger.reason} = 'points_expired')`.mapWith(Number),
        expiringSoon: sql<number>`(select count(*) from ${pointLots} where ${pointLots.pointsLeft} > 0
          and ${pointLots.expiresOn} between ${today}::date and ${today}::date + 30)`.mapWith(Number),
        pastTheirDate: sql<number>`(select count(*) from ${pointLots} where ${pointLots.pointsLeft} > 0
          and ${pointLots.expiresOn} < ${today}::date)`.mapWith(Number),
      })
      .from(sql`(select 1) as one`);
    expect(figures).toMatchObject({ pastTheirDate: 0 });
    expect(figures!.billsWithBonus).toBeGreaterThan(0);
    expect(figures!.expiredEntries).toBeGreaterThan(0);
    expect(figures!.expiringSoon).toBeGreaterThan(0);
  });

  it('when each demo account signs in, then it reaches its own screens without being asked to change the password', async () => {
    for (const [role, username] of Object.entries(DEMO_ACCOUNTS)) {
      const response = await request(t.app).post('/api/auth/login').send({ username, password: DEMO_PASSWORD });
      expect(response.status, role).toBe(200);
      expect(response.body.user).toMatchObject({ username, userType: role, isPasswordReset: true });
    }
    const customer = await loginAs(t.app, DEMO_ACCOUNTS.customer, DEMO_PASSWORD);
    const [orders, cart, ledger] = await Promise.all([
      request(t.app).get('/api/user/orders').set(bearer(customer)),
      request(t.app).get('/api/user/cart').set(bearer(customer)),
      request(t.app).get('/api/user/ledger').set(bearer(customer)),
    ]);
    expect(new Set(orders.body.map((order: { status: string }) => order.status))).toEqual(new Set(ORDER_STATUSES));
    expect(cart.body.items.length).toBeGreaterThan(0);
    expect(ledger.body.map((entry: { type: string }) => entry.type)).toEqual(
      expect.arrayContaining(['bill_entered', 'order_placed', 'order_cancelled', 'adjustment']),
    );
  });

  it('when the database already has users, then the demo refuses and writes nothing', async () => {
    const before = await countProgramme(t.db);
    await expect(seedDemoProgramme(t.db, t.config, NOW)).rejects.toBeInstanceOf(DemoRefusedError);
    expect(await countProgramme(t.db)).toEqual(before);
  });
});
