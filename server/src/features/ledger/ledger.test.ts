import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAdmin, createCustomer, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { expectBalancesEqualLedger } from '../../test/ledger';

const t = useTestApp();
const staff = useStaffTokens(t);

async function billFor(userId: string, billAmount: number) {
  const response = await request(t.app)
    .post('/api/bill')
    .set(bearer(staff.admin))
    .send({ userId, billNumber: `L-${uniqueSuffix()}`, billAmount });
  expect(response.status).toBe(201);
  return response.body as { _id: string };
}

function adjust(userId: string, body: Record<string, unknown>, token = staff.superadmin) {
  return request(t.app).post(`/api/superadmin/users/${userId}/points-adjustment`).set(bearer(token)).send(body);
}

describe('the points ledger (contract "Beyond the spec")', () => {
  it('when bills and an adjustment change a balance, then the customer reads each entry newest first with the balance after it', async () => {
    const customer = await createCustomer(t.db, { tier: 'Platinum' });
    const bill = await billFor(customer.id, 2000); // +10
    await request(t.app).patch(`/api/bill/${bill._id}`).set(bearer(staff.admin)).send({ billAmount: 3000 }); // +5
    const adjusted = await adjust(customer.id, { points: -2.5, reason: 'Damaged gift returned' });
    const token = await loginAs(t.app, customer.username, customer.password);

    const ledger = await request(t.app).get('/api/user/ledger').set(bearer(token));

    expect(adjusted.status).toBe(201);
    expect(adjusted.body).toMatchObject({
      type: 'adjustment',
      points: -2.5,
      availableAfter: 12.5,
      note: 'Damaged gift returned',
    });
    expect(ledger.status).toBe(200);
    expect(
      ledger.body.map((entry: { type: string; points: number; availableAfter: number }) => [
        entry.type,
        entry.points,
        entry.availableAfter,
      ]),
    ).toEqual([
      ['adjustment', -2.5, 12.5],
      ['bill_edited', 5, 15],
      ['bill_entered', 10, 10],
    ]);
    expect(ledger.body[2]).toMatchObject({ billId: bill._id, createdBy: { username: expect.any(String) } });
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    // The adjustment moved availablePoints only: totalPoints is billing.
    expect(row).toMatchObject({ availablePoints: 1250, totalPoints: 1500 });
    await expectBalancesEqualLedger(t.db);
  });

  it("when staff read a customer's ledger page by page, then pages come with their total; an unknown user is 404", async () => {
    const customer = await createCustomer(t.db, { tier: 'Gold' });
    for (const amount of [300, 600, 900]) await billFor(customer.id, amount);

    const page = await request(t.app)
      .get(`/api/admin/users/${customer.id}/ledger`)
      .query({ page: 1, limit: 2 })
      .set(bearer(staff.admin));
    const unknown = await request(t.app)
      .get('/api/admin/users/00000000-0000-4000-8000-000000000000/ledger')
      .set(bearer(staff.admin));

    expect(page.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.body.items.map((entry: { points: number }) => entry.points)).toEqual([3, 2]);
    expect(unknown.status).toBe(404);
    await expectBalancesEqualLedger(t.db);
  });

  it.each([
    ['an admin', createAdmin],
    ['a superadmin', createSuperadmin],
  ])(
    "when an admin reads the ledger of %s, then 403 as its export answers; a superadmin reads it, as its export, and a deleted customer's stays readable",
    async (_label, create) => {
      const staffUser = await create(t.db);
      const deleted = await createCustomer(t.db);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
      const read = (userId: string, token: string, path = '') =>
        request(t.app).get(`/api/admin/users/${userId}/ledger${path}`).set(bearer(token));

      const byAdmin = await read(staffUser.id, staff.admin);
      const exportByAdmin = await read(staffUser.id, staff.admin, '/export');
      const bySuperadmin = await read(staffUser.id, staff.superadmin);
      const exportBySuperadmin = await read(staffUser.id, staff.superadmin, '/export');
      const deletedByAdmin = await read(deleted.id, staff.admin);

      expect(byAdmin.status).toBe(403);
      expect(byAdmin.body).toEqual({
        error: 'Admins can see the points history of customers only',
        message: 'Admins can see the points history of customers only',
        code: 'FORBIDDEN',
      });
      expect(exportByAdmin.status).toBe(403);
      expect(exportByAdmin.body.code).toBe(byAdmin.body.code);
      expect([bySuperadmin.status, exportBySuperadmin.status]).toEqual([200, 200]);
      expect(bySuperadmin.body).toEqual([]);
      expect(deletedByAdmin.status).toBe(200);
    },
  );

  it.each([
    ['zero points', { points: 0, reason: 'No change' }],
    ['three decimals', { points: 1.005, reason: 'Rounding' }],
    ['a short reason', { points: 5, reason: 'ok' }],
    ['no reason', { points: 5 }],
    ['points as an object', { points: { $inc: 5 }, reason: 'Injected' }],
  ])('when an adjustment has %s, then 400 and the balance stays', async (_label, body) => {
    const customer = await createCustomer(t.db);
    const response = await adjust(customer.id, body);

    expect(response.status).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.availablePoints).toBe(0);
  });

  it('when an adjustment targets an admin, an unknown user, or comes from an admin, then 400, 404 and 403', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userType, 'admin')).limit(1);
    const customer = await createCustomer(t.db);

    expect((await adjust(admin!.id, { points: 5, reason: 'Bonus' })).status).toBe(400);
    expect((await adjust('00000000-0000-4000-8000-000000000000', { points: 5, reason: 'Bonus' })).status).toBe(404);
    expect((await adjust(customer.id, { points: 5, reason: 'Bonus' }, staff.admin)).status).toBe(403);
  });
});
