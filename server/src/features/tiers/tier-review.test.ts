import { currentQuarter, type Tier, type TierReviewRow } from '@app/common';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { tierChanges, users } from '../../db/schema';
import { createCustomer, uniqueSuffix } from '../../test/factories';
import { bearer, useStaffTokens, useTestApp } from '../../test/http';

const t = useTestApp();
const staff = useStaffTokens(t);

async function customerBilling(tier: Tier, bills: { billDate: string; billAmount: number }[]) {
  const customer = await createCustomer(t.db, { tier });
  for (const bill of bills) {
    const response = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send({ userId: customer.id, billNumber: `TR-${uniqueSuffix()}`, ...bill });
    expect(response.status).toBe(201);
  }
  return customer;
}

const review = (quarter?: string) =>
  request(t.app)
    .get('/api/superadmin/tier-review')
    .query(quarter ? { quarter } : {})
    .set(bearer(staff.superadmin));
const apply = (quarter: string) =>
  request(t.app).post('/api/superadmin/tier-review/apply').set(bearer(staff.superadmin)).send({ quarter });

async function tierOf(userId: string) {
  const [row] = await t.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  return row?.tier;
}

describe('the quarterly tier review (contract "Beyond the spec")', () => {
  it('when a quarter has ended, then each customer is proposed the tier their billing in it earns, applied once', async () => {
    const keeps = await customerBilling('Silver', [{ billDate: '2026-07-01', billAmount: 6000000 }]);
    const drops = await customerBilling('Gold', [
      { billDate: '2026-09-30', billAmount: 3000000 },
      // After the quarter: not counted.
      { billDate: '2026-10-01', billAmount: 9000000 },
    ]);
    const rises = await customerBilling('NoTier', [
      { billDate: '2026-08-15', billAmount: 1000000 },
      { billDate: '2026-08-16', billAmount: 500000 },
    ]);
    const nothing = await customerBilling('Basic', []);

    const proposed = await review('2026-Q3');

    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({
      quarter: '2026-Q3',
      from: '2026-07-01',
      to: '2026-09-30',
      applied: false,
      appliedAt: null,
    });
    const rowOf = (id: string) => (proposed.body.rows as TierReviewRow[]).find((row) => row.userId === id);
    expect(rowOf(keeps.id)).toMatchObject({ billing: 6000000, currentTier: 'Silver', proposedTier: 'Silver' });
    expect(rowOf(drops.id)).toMatchObject({ billing: 3000000, currentTier: 'Gold', proposedTier: 'Bronze' });
    expect(rowOf(rises.id)).toMatchObject({ billing: 1500000, currentTier: 'NoTier', proposedTier: 'Basic' });
    expect(rowOf(nothing.id)).toMatchObject({ billing: 0, currentTier: 'Basic', proposedTier: 'NoTier' });

    const applied = await apply('2026-Q3');
    const again = await apply('2026-Q3');
    const after = await review('2026-Q3');

    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ quarter: '2026-Q3', changed: 3 });
    expect([await tierOf(keeps.id), await tierOf(drops.id), await tierOf(rises.id), await tierOf(nothing.id)]).toEqual([
      'Silver',
      'Bronze',
      'Basic',
      'NoTier',
    ]);
    const recorded = await t.db.select().from(tierChanges).where(eq(tierChanges.userId, drops.id));
    expect(recorded).toEqual([
      expect.objectContaining({
        fromTier: 'Gold',
        toTier: 'Bronze',
        reason: 'quarterly_review',
        quarter: '2026-Q3',
        actorId: expect.any(String),
      }),
    ]);
    expect(again.status).toBe(409);
    expect(after.body).toMatchObject({ applied: true, appliedAt: expect.any(String) });
  });

  it('when two superadmins apply the same quarter at the same moment, then it is applied once and the other gets 409', async () => {
    const customer = await customerBilling('Platinum', [{ billDate: '2026-05-05', billAmount: 100 }]);

    const answers = await Promise.all([apply('2026-Q2'), apply('2026-Q2')]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await tierOf(customer.id)).toBe('NoTier');
    const recorded = await t.db.select().from(tierChanges).where(eq(tierChanges.userId, customer.id));
    expect(recorded).toHaveLength(1);
  });

  it('when the quarter has not ended or is not a quarter, then 400; without one, the last ended quarter is reviewed', async () => {
    const running = currentQuarter(t.clock.now()).id;

    expect((await apply(running)).status).toBe(400);
    expect((await apply('2026-Q5')).status).toBe(400);
    expect((await review('last quarter')).status).toBe(400);
    const byDefault = await review();
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.quarter).not.toBe(running);
  });
});
