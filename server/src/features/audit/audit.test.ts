import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createAdmin, createCustomer, createItem, createSuperadmin, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useTestApp } from '../../test/http';

const t = useTestApp();
let superToken: string;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  const admin = await createAdmin(t.db);
  const superadmin = await createSuperadmin(t.db);
  adminId = admin.id;
  superToken = await loginAs(t.app, superadmin.username, superadmin.password);
  adminToken = await loginAs(t.app, admin.username, admin.password);
  for (let index = 0; index < 3; index += 1) {
    await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(adminToken))
      .send({ username: `audited-${uniqueSuffix()}`, partyName: 'P', phoneNumber: '9829000000', password: 'audit-pass-1' });
  }
  const customer = await createCustomer(t.db);
  await request(t.app).post(`/api/superadmin/users/${customer.id}/block`).set(bearer(superToken)).send({ blocked: true });
});

describe('GET /api/superadmin/audit', () => {
  it('when filtered by actor, then only that actor’s entries, newest first, with who and when', async () => {
    const response = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ actorId: adminId, limit: 2 })
      .set(bearer(superToken));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(response.body.items).toHaveLength(2);
    for (const entry of response.body.items) {
      expect(entry).toMatchObject({
        action: 'user.create',
        entity: 'user',
        actor: { _id: adminId },
        createdAt: expect.any(String),
      });
    }
    const times = response.body.items.map((entry: { createdAt: string }) => Date.parse(entry.createdAt));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
  });

  it('when filtered by action and time window, then only matching entries', async () => {
    const blocks = await request(t.app).get('/api/superadmin/audit').query({ action: 'user.block' }).set(bearer(superToken));
    const future = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ from: new Date(Date.now() + 60_000).toISOString() })
      .set(bearer(superToken));
    expect(blocks.body.total).toBe(1);
    expect(blocks.body.items[0]).toMatchObject({ before: { blocked: false }, after: { blocked: true } });
    expect(future.body).toMatchObject({ total: 0, items: [] });
  });

  it('when from and to are the same calendar day, then every entry of that day in Asia/Kolkata and no other', async () => {
    const action = `test.boundary-${uniqueSuffix()}`;
    // 18:30 UTC is midnight in Asia/Kolkata: the first and last entries fall on 31 March and 2 April there.
    const instants = [
      '2026-03-31T18:29:59.999Z',
      '2026-03-31T18:30:00.000Z',
      '2026-04-01T18:29:59.999Z',
      '2026-04-01T18:30:00.000Z',
    ];
    await t.db.insert(auditLog).values(
      instants.map((instant) => ({
        actorId: adminId,
        action,
        entity: 'user',
        entityId: instant,
        createdAt: new Date(instant),
      })),
    );

    const response = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ action, from: '2026-04-01', to: '2026-04-01' })
      .set(bearer(superToken));

    expect(response.status).toBe(200);
    expect(response.body.items.map((entry: { entityId: string }) => entry.entityId)).toEqual([
      '2026-04-01T18:29:59.999Z',
      '2026-03-31T18:30:00.000Z',
    ]);
  });

  it.each([['2026-02-30'], ['2026-13-01'], ['1800-01-01']])('when a date filter is %s, then 400 naming it', async (day) => {
    const response = await request(t.app).get('/api/superadmin/audit').query({ to: day }).set(bearer(superToken));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'to' })] });
  });

  it('when an entry is about a user, a bill or a record of no one, then its subject names the user, the bill’s customer or none', async () => {
    const customer = await createCustomer(t.db);
    const billNumber = `AUD-${uniqueSuffix()}`;
    const bill = await request(t.app)
      .post('/api/bill')
      .set(bearer(adminToken))
      .send({ userId: customer.id, billNumber, billAmount: 1000 });
    expect(bill.status).toBe(201);
    const blocked = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/block`)
      .set(bearer(superToken))
      .send({ blocked: true });
    expect(blocked.status).toBe(200);
    const item = await createItem(t.db);
    // An entry whose record id is not an id (as the settings' and the expiry run's are) names no one, and fails nothing.
    await t.db.insert(auditLog).values([
      { actorId: adminId, action: 'item.update', entity: 'item', entityId: item.id },
      { actorId: adminId, action: 'bill.edit', entity: 'bill', entityId: 'not-an-id' },
    ]);

    const ofBill = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ entity: 'bill', entityId: bill.body._id })
      .set(bearer(superToken));
    const ofCustomer = await request(t.app).get('/api/superadmin/audit').query({ entityId: customer.id }).set(bearer(superToken));
    const ofItem = await request(t.app).get('/api/superadmin/audit').query({ entityId: item.id }).set(bearer(superToken));
    const ofNoId = await request(t.app).get('/api/superadmin/audit').query({ entityId: 'not-an-id' }).set(bearer(superToken));

    const person = { _id: customer.id, username: customer.username };
    expect(ofBill.body.items).toEqual([
      expect.objectContaining({ action: 'bill.enter', subject: person, after: expect.objectContaining({ billNumber }) }),
    ]);
    expect(ofCustomer.body.items).toEqual([expect.objectContaining({ action: 'user.block', subject: person })]);
    expect(ofItem.body.items).toEqual([expect.objectContaining({ action: 'item.update', subject: null })]);
    expect(ofNoId.body.items).toEqual([expect.objectContaining({ action: 'bill.edit', subject: null })]);
  });

  it('when the filter is malformed, then 400', async () => {
    const response = await request(t.app)
      .get('/api/superadmin/audit')
      .query({ actorId: 'someone', from: 'yesterday' })
      .set(bearer(superToken));
    expect(response.status).toBe(400);
  });
});
