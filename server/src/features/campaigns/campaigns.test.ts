import { kolkataDate } from '@app/common';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, pointsLedger } from '../../db/schema';
import { createCustomer, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { expectBalancesEqualLedger } from '../../test/ledger';

// Contract "bonus campaigns": superadmins keep campaigns; a bill dated in one, of a customer at one of its tiers,
// earns the multiplier times its points, the extra as its own `campaign_bonus` entry, kept by the bill whatever
// becomes of the campaign.
const t = useTestApp();
const staff = useStaffTokens(t);

const pad = (value: number) => String(value).padStart(2, '0');
/** The day `offset` days from today in Asia/Kolkata. */
function day(offset: number): string {
  const [year = 0, month = 1, date = 1] = kolkataDate(t.clock.now()).split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, date + offset));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

const campaigns = () => request(t.app).get('/api/superadmin/campaigns');
const create = (body: unknown, token = staff.superadmin) =>
  request(t.app)
    .post('/api/superadmin/campaigns')
    .set(bearer(token))
    .send(body as object);
const change = (id: string, body: unknown, token = staff.superadmin) =>
  request(t.app)
    .patch(`/api/superadmin/campaigns/${id}`)
    .set(bearer(token))
    .send(body as object);
const remove = (id: string, token = staff.superadmin) =>
  request(t.app).delete(`/api/superadmin/campaigns/${id}`).set(bearer(token));

/** A campaign made through the API; answers its id. Names are unique per test run. */
async function campaign(body: { from: string; to: string; multiplier: number; tiers?: string[] | null; name?: string }) {
  const created = await create({ name: `Festive ${uniqueSuffix()}`, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { _id: string; name: string };
}

/** A bill of `points` points for a Basic customer (₹600 a point) dated `billDate`. */
async function bill(userId: string, points: number, billDate: string) {
  const response = await request(t.app)
    .post('/api/bill')
    .set(bearer(staff.admin))
    .send({ userId, billNumber: `CMP-${uniqueSuffix()}`, billAmount: points * 600, billDate });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as {
    _id: string;
    points: number;
    bonusPoints: number;
    customerPoints: { availablePoints: number; totalPoints: number };
  };
}

async function bonusEntries(billId: string) {
  return t.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.billId, billId), eq(pointsLedger.reason, 'campaign_bonus')));
}

afterEach(async () => {
  await expectBalancesEqualLedger(t.db);
  // Each test's campaigns are its own: the next starts with none.
  for (const { _id } of (await campaigns().set(bearer(staff.superadmin))).body as { _id: string }[]) await remove(_id);
});

describe('/api/superadmin/campaigns', () => {
  it('are created, changed and deleted by a superadmin, read by staff, refused to customers, and audited', async () => {
    const customer = await createCustomer(t.db);
    const customerToken = await loginAs(t.app, customer.username, customer.password);
    const created = await create({ name: 'Diwali bonus', from: day(-2), to: day(5), multiplier: 2, tiers: ['Gold', 'Silver'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Diwali bonus',
      from: day(-2),
      to: day(5),
      multiplier: 2,
      tiers: ['Gold', 'Silver'],
    });

    expect((await campaigns().set(bearer(staff.admin))).body).toEqual([created.body]);
    expect((await campaigns().set(bearer(customerToken))).status).toBe(403);
    expect((await create({ name: 'Admin week', from: day(0), to: day(1), multiplier: 2 }, staff.admin)).status).toBe(403);
    expect((await change(created.body._id, { multiplier: 3 }, staff.admin)).status).toBe(403);
    expect((await remove(created.body._id, staff.admin)).status).toBe(403);

    const changed = await change(created.body._id, { multiplier: 2.5, tiers: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Diwali bonus', multiplier: 2.5, tiers: null });
    expect((await remove(created.body._id)).body).toEqual({ message: 'Campaign deleted', _id: created.body._id });
    expect((await remove(created.body._id)).status).toBe(404);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.body._id));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['campaign.create', 'campaign.delete', 'campaign.update']);
  });

  it('refuse a bad name, dates out of order, a multiplier out of 1–10 or with 3 decimals, and unknown tiers', async () => {
    const good = { name: 'Holi week', from: day(0), to: day(6), multiplier: 1.5 };
    for (const [body, message] of [
      [{ ...good, name: 'Ho' }, 'Campaign name must be at least 3 characters'],
      [{ ...good, name: 'x'.repeat(61) }, 'Campaign name must be at most 60 characters'],
      [{ ...good, name: 'Holi\nweek' }, 'Campaign name cannot contain line breaks'],
      [{ ...good, to: day(-1) }, 'The last day cannot be before the first'],
      [{ ...good, from: '2026-02-30' }, 'First day must be a date (YYYY-MM-DD)'],
      [{ ...good, multiplier: 1 }, 'Multiplier must be more than 1'],
      [{ ...good, multiplier: 10.01 }, 'Multiplier must be at most 10'],
      [{ ...good, multiplier: 1.005 }, 'Use at most 2 decimals'],
      [{ ...good, multiplier: '2' }, 'Multiplier must be a number'],
      [{ ...good, tiers: ['Diamond'] }, 'Choose tiers from the list'],
      [{ ...good, tiers: ['Gold', 'Gold'] }, 'Choose each tier once'],
    ] as const) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error, JSON.stringify(body)).toBe(message);
    }
    const created = await campaign({ from: day(0), to: day(6), multiplier: 2 });
    const moved = await change(created._id, { to: day(-1) });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('The last day cannot be before the first');
    expect((await change('5b4f5a7e-8a8e-4c8c-9a59-000000000000', { multiplier: 2 })).status).toBe(404);
  });

  it('take an empty list of tiers as every tier, as none is, when created and when changed', async () => {
    const created = await create({ name: 'Holi week', from: day(0), to: day(6), multiplier: 1.5, tiers: [] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.tiers).toBeNull();

    const gold = await campaign({ from: day(0), to: day(6), multiplier: 2, tiers: ['Gold'] });
    const changed = await change(gold._id, { tiers: [] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.tiers).toBeNull();
  });
});

describe('bills in a campaign', () => {
  it('earn the bonus as a campaign_bonus entry of the bill, counted in both balances; outside its days or tiers, none', async () => {
    const customer = await createCustomer(t.db, { tier: 'Basic' });
    const diwali = await campaign({ from: day(-3), to: day(0), multiplier: 2.5 });
    await campaign({ from: day(-3), to: day(0), multiplier: 5, tiers: ['Gold'] });

    const inside = await bill(customer.id, 100, day(-1));
    expect(inside).toMatchObject({ points: 100, bonusPoints: 150, customerPoints: { availablePoints: 250, totalPoints: 250 } });
    const [entry] = await bonusEntries(inside._id);
    expect(entry).toMatchObject({ availableDelta: 15000, totalDelta: 15000, note: diwali.name });

    const before = await bill(customer.id, 10, day(-4));
    expect(before).toMatchObject({ bonusPoints: 0, customerPoints: { availablePoints: 260 } });
    expect(await bonusEntries(before._id)).toEqual([]);
  });

  it('take the highest multiplier where campaigns overlap, never both', async () => {
    const gold = await createCustomer(t.db, { tier: 'Gold' });
    await campaign({ from: day(-5), to: day(0), multiplier: 2 });
    const best = await campaign({ from: day(-2), to: day(0), multiplier: 3, tiers: ['Gold'] });
    // Gold earns ₹300 a point: ₹30,000 is 100 points.
    const entered = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: gold.id, billNumber: `CMP-${uniqueSuffix()}`, billAmount: 30000, billDate: day(-1) });
    expect(entered.body).toMatchObject({ points: 100, bonusPoints: 200, customerPoints: { availablePoints: 300 } });
    expect((await bonusEntries(entered.body._id))[0]!.note).toBe(best.name);
  });

  it('keep their campaign: an edit recomputes the bonus at its multiplier even after the campaign changed or went; a delete takes it back', async () => {
    const customer = await createCustomer(t.db, { tier: 'Basic' });
    const festive = await campaign({ from: day(-3), to: day(0), multiplier: 2 });
    const entered = await bill(customer.id, 100, day(-2));
    expect(entered.bonusPoints).toBe(100);

    // Changing the campaign changes no bill already entered.
    await change(festive._id, { multiplier: 4 });
    const listed = await request(t.app).get('/api/bill').query({ q: customer.username, page: 1 }).set(bearer(staff.admin));
    expect(listed.body.items[0]).toMatchObject({ points: 100, bonusPoints: 100 });

    await remove(festive._id);
    const edited = await request(t.app)
      .patch(`/api/bill/${entered._id}`)
      .set(bearer(staff.admin))
      .send({ billAmount: 30 * 600 });
    expect(edited.body).toMatchObject({ points: 30, bonusPoints: 30, customerPoints: { availablePoints: 60, totalPoints: 60 } });
    expect((await bonusEntries(entered._id)).map((row) => row.availableDelta)).toEqual([10000, -7000]);

    const deleted = await request(t.app).delete(`/api/bill/${entered._id}`).set(bearer(staff.admin));
    expect(deleted.body.customerPoints).toEqual({ availablePoints: 0, totalPoints: 0 });
    expect((await bonusEntries(entered._id)).map((row) => row.availableDelta).reduce((sum, delta) => sum + delta, 0)).toBe(0);
  });
});

describe('GET /api/user/campaigns', () => {
  it("lists the campaigns running today for the customer's tier, and no other", async () => {
    const customer = await createCustomer(t.db, { tier: 'Silver' });
    const token = await loginAs(t.app, customer.username, customer.password);
    const running = await campaign({ from: day(-1), to: day(3), multiplier: 2, name: 'Diwali bonus' });
    const silver = await campaign({ from: day(0), to: day(0), multiplier: 1.5, tiers: ['Silver'], name: 'Silver day' });
    await campaign({ from: day(-1), to: day(3), multiplier: 3, tiers: ['Gold'], name: 'Gold week' });
    await campaign({ from: day(-9), to: day(-1), multiplier: 2, name: 'Ended' });
    await campaign({ from: day(1), to: day(9), multiplier: 2, name: 'Upcoming' });

    const answer = await request(t.app).get('/api/user/campaigns').set(bearer(token));

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { _id: running._id, name: 'Diwali bonus', from: day(-1), to: day(3), multiplier: 2 },
      { _id: silver._id, name: 'Silver day', from: day(0), to: day(0), multiplier: 1.5 },
    ]);
    expect((await request(t.app).get('/api/user/campaigns').set(bearer(staff.admin))).status).toBe(403);
  });
});
