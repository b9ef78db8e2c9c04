import { kolkataDate } from '@app/common';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addresses, auditLog, notifications, pointsExpiryRuns, pointsLedger } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createPointsExpiryScheduler } from './points-expiry.scheduler';
import { createCustomer, createItem, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { expectBalancesEqualLedger } from '../../test/ledger';

// Contract "Beyond the spec: points expiry": lots with dates, spent soonest first, given back by cancellation,
// taken back from a bill's own lot first; the run, once, never below zero; `expiring`; the reminders.
const t = useTestApp();
const staff = useStaffTokens(t);

const pad = (value: number) => String(value).padStart(2, '0');
/** A day of the month `offset` months from this one (Asia/Kolkata), as a bill's date. */
function monthDay(offset: number, day: number): string {
  const [year = 0, month = 1] = kolkataDate(t.clock.now()).split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-${pad(day)}`;
}
/** The last day of the month `offset` months from this one. */
function monthEnd(offset: number): string {
  const [year = 0, month = 1] = kolkataDate(t.clock.now()).split('-').map(Number);
  const last = new Date(Date.UTC(year, month + offset, 0));
  return `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

const setMonths = (months: unknown) =>
  request(t.app).put('/api/superadmin/system/points-expiry').set(bearer(staff.superadmin)).send({ months });

/** A Basic customer (₹600 of billing a point), signed in, with an address to order to. */
async function dealer() {
  const customer = await createCustomer(t.db, { tier: 'Basic' });
  const [address] = await t.db
    .insert(addresses)
    .values({ userId: customer.id, addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', isDefault: true })
    .returning();
  return { ...customer, addressId: address!.id, token: await loginAs(t.app, customer.username, customer.password) };
}

/** A bill of `points` points (₹600 each at Basic) dated `billDate`; answers its id. */
async function bill(userId: string, points: number, billDate: string): Promise<string> {
  const response = await request(t.app)
    .post('/api/bill')
    .set(bearer(staff.admin))
    .send({ userId, billNumber: `EXP-${uniqueSuffix()}`, billAmount: points * 600, billDate });
  expect(response.status).toBe(201);
  return response.body._id as string;
}

const points = async (token: string) => {
  const response = await request(t.app).get('/api/user/points').set(bearer(token));
  expect(response.status).toBe(200);
  return response.body as { availablePoints: number; expiring: { points: number; on: string }[] };
};

async function order(customer: { token: string; addressId: string }, pointsEach: number) {
  const item = await createItem(t.db, { pointsRequired: pointsEach * 100, discount: 0, stock: 5 });
  const response = await request(t.app)
    .post('/api/user/cart/checkout')
    .set(bearer(customer.token))
    .send({ addressId: customer.addressId, items: [{ itemId: item.id, quantity: 1 }] });
  expect(response.status).toBe(201);
  return response.body.order._id as string;
}

const runNow = () => request(t.app).post('/api/superadmin/points-expiry/run').set(bearer(staff.superadmin));

beforeEach(async () => {
  expect((await setMonths(12)).status).toBe(200);
});
afterEach(async () => {
  await expectBalancesEqualLedger(t.db);
  await setMonths(0);
});

describe('the points expiry setting', () => {
  it('is read by anyone signed in, changed by a superadmin only, a whole number 0–120, and audited', async () => {
    const customer = await dealer();
    expect((await request(t.app).get('/api/superadmin/system/points-expiry').set(bearer(customer.token))).body).toEqual({
      months: 12,
    });
    const admin = await request(t.app).put('/api/superadmin/system/points-expiry').set(bearer(staff.admin)).send({ months: 6 });
    expect(admin.status).toBe(403);
    for (const months of [121, -1, 1.5, '6', null, 1e17]) {
      const refused = await setMonths(months);
      expect(refused.status, `months ${String(months)}`).toBe(400);
      expect(refused.body.error).toBeTypeOf('string');
    }
    expect((await setMonths(24)).body).toEqual({ months: 24 });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.entityId, 'pointsExpiryMonths')));
    expect(audit).toBeDefined();
  });

  it('is 0 (never) on a new programme: points then have no date and `expiring` is empty', async () => {
    await setMonths(0);
    const customer = await dealer();
    await bill(customer.id, 100, monthDay(-30, 10));
    expect(await points(customer.token)).toMatchObject({ availablePoints: 100, expiring: [] });
    expect((await runNow()).body).toEqual({ customers: 0, points: 0 });
  });
});

describe('lots', () => {
  it("date a bill's points at the end of the month `months` after its date; `expiring` lists the next three", async () => {
    const customer = await dealer();
    await bill(customer.id, 100, monthDay(-8, 15));
    await bill(customer.id, 50, monthDay(-10, 5));
    await bill(customer.id, 30, monthDay(-6, 20));
    await bill(customer.id, 10, monthDay(-5, 1));
    expect(await points(customer.token)).toEqual({
      availablePoints: 190,
      totalPoints: 190,
      expiring: [
        { points: 50, on: monthEnd(2) },
        { points: 100, on: monthEnd(4) },
        { points: 30, on: monthEnd(6) },
      ],
    });
  });

  it('are spent soonest-expiring first, and a cancellation gives back the very lots with their dates', async () => {
    const customer = await dealer();
    await bill(customer.id, 100, monthDay(-8, 15));
    await bill(customer.id, 50, monthDay(-10, 5));
    const adjusted = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
      .set(bearer(staff.superadmin))
      .send({ points: 40, reason: 'Festive goodwill' });
    expect(adjusted.status).toBe(201);
    const orderId = await order(customer, 60);
    // 50 from the lot that expires first, 10 from the next; the adjustment's lot counts from this month.
    expect((await points(customer.token)).expiring).toEqual([
      { points: 90, on: monthEnd(4) },
      { points: 40, on: monthEnd(12) },
    ]);
    // A new setting dates new points only.
    await setMonths(3);
    const cancelled = await request(t.app)
      .patch(`/api/admin/${orderId}/status`)
      .set(bearer(staff.admin))
      .send({ status: 'Cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await points(customer.token)).toMatchObject({
      availablePoints: 190,
      expiring: [
        { points: 50, on: monthEnd(2) },
        { points: 100, on: monthEnd(4) },
        { points: 40, on: monthEnd(12) },
      ],
    });
  });

  it("give a bill's points back from its own lot first when it is edited down or deleted", async () => {
    const customer = await dealer();
    const early = await bill(customer.id, 50, monthDay(-10, 5));
    const later = await bill(customer.id, 100, monthDay(-8, 15));
    expect((await request(t.app).delete(`/api/bill/${later}`).set(bearer(staff.admin))).status).toBe(200);
    expect((await points(customer.token)).expiring).toEqual([{ points: 50, on: monthEnd(2) }]);
    const edited = await request(t.app)
      .patch(`/api/bill/${early}`)
      .set(bearer(staff.admin))
      .send({ billAmount: 20 * 600 });
    expect(edited.status).toBe(200);
    expect(await points(customer.token)).toMatchObject({ availablePoints: 20, expiring: [{ points: 20, on: monthEnd(2) }] });
  });
});

describe('the expiry run', () => {
  it('takes the points past their date once, one entry and one notification per customer, and is audited', async () => {
    const customer = await dealer();
    await bill(customer.id, 50, monthDay(-14, 10));
    await bill(customer.id, 30, monthDay(-13, 1));
    await bill(customer.id, 100, monthDay(-8, 15));
    const first = await runNow();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ customers: 1, points: 80 });
    expect(await points(customer.token)).toMatchObject({ availablePoints: 100, totalPoints: 180 });
    const entries = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, customer.id), eq(pointsLedger.reason, 'points_expired')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ availableDelta: -8000, totalDelta: 0, actorId: null });
    expect(entries[0]!.note).toBe(`${monthEnd(-2)}, ${monthEnd(-1)}`);
    // The customer's ledger names the entry's type.
    const ledger = await request(t.app).get('/api/user/ledger').set(bearer(customer.token));
    expect(ledger.body[0]).toMatchObject({ type: 'points_expired', points: -80, availableAfter: 100 });

    const inbox = await request(t.app).get('/api/user/notifications').set(bearer(customer.token));
    const told = inbox.body.items.filter((item: { type: string }) => item.type === 'points_expired');
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('80 points');

    expect((await runNow()).body).toEqual({ customers: 0, points: 0 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'points.expiry_run'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('never takes a balance below zero: points already spent or taken back do not expire again', async () => {
    const customer = await dealer();
    await bill(customer.id, 50, monthDay(-14, 10));
    const later = await bill(customer.id, 100, monthDay(-8, 15));
    await order(customer, 120);
    // 50 spent from the old lot, 70 from the later one; deleting the later bill takes its 30 left and more.
    expect((await request(t.app).delete(`/api/bill/${later}`).set(bearer(staff.admin))).status).toBe(200);
    expect(await points(customer.token)).toMatchObject({ availablePoints: -70, expiring: [] });
    expect((await runNow()).body).toEqual({ customers: 0, points: 0 });
    expect((await points(customer.token)).availablePoints).toBe(-70);
  });

  it('reminds a customer once, 30 days before a date with points left', async () => {
    await setMonths(1);
    const customer = await dealer();
    // Points of the month before last expire at the end of this month: within 30 days of any day of it.
    await bill(customer.id, 75, monthDay(-1, 1));
    await runNow();
    await runNow();
    const reminders = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.type, 'points_expiring')));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.params).toEqual({ points: 75, on: monthEnd(0) });
  });
});

describe('the daily run', () => {
  const scheduler = () =>
    createPointsExpiryScheduler({ db: t.db, config: t.config, logger: createLogger('silent'), clock: t.clock });
  const today = () => kolkataDate(t.clock.now());

  it('is run by one of two schedulers looking at once, then by neither until the next day; a lapsed claim is taken over', async () => {
    await t.db.delete(pointsExpiryRuns);
    const customer = await dealer();
    await bill(customer.id, 40, monthDay(-14, 10));
    const [first, second] = [scheduler(), scheduler()];

    await Promise.all([first.check(), second.check()]);

    const [run] = await t.db.select().from(pointsExpiryRuns).where(eq(pointsExpiryRuns.day, today()));
    expect(run).toMatchObject({ customers: 1, points: 4000 });
    expect(run!.finishedAt).not.toBeNull();
    const expired = () =>
      t.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, customer.id), eq(pointsLedger.reason, 'points_expired')));
    expect(await expired()).toHaveLength(1);

    // Finished for today: a later look claims nothing, even with new points past their date.
    const late = await dealer();
    await bill(late.id, 10, monthDay(-14, 10));
    await second.check();
    expect((await points(late.token)).availablePoints).toBe(10);

    // A claim whose server stopped renewing it (it died mid-run) is taken over at the next look.
    await t.db
      .update(pointsExpiryRuns)
      .set({ finishedAt: null, claimedBy: 'a server that died', claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(pointsExpiryRuns.day, today()));
    await first.check();
    expect((await points(late.token)).availablePoints).toBe(0);
    const [again] = await t.db.select().from(pointsExpiryRuns).where(eq(pointsExpiryRuns.day, today()));
    expect(again).toMatchObject({ customers: 2, points: 5000 });
    expect(again!.claimedBy).not.toBe('a server that died');
  });
});
