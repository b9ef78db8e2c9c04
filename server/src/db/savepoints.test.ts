import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { addresses } from './schema';
import { createCustomer, createItem, uniqueSuffix } from '../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../test/http';

// Issue 31: a route that honours an Idempotency-Key runs its handler inside the transaction that claims the
// key (lib/idempotency.ts); a service that opened its own transaction there got a savepoint, two more round
// trips per request for nothing. Every service opens its transaction with inTransaction (db/transactions.ts),
// which joins the caller's. Counted here: Drizzle makes a savepoint only through a transaction's transaction().

const t = useTestApp();
const staff = useStaffTokens(t);
let savepoints: MockInstance[];

beforeEach(() => {
  savepoints = [vi.spyOn(NodePgTransaction.prototype, 'transaction'), vi.spyOn(PgliteTransaction.prototype, 'transaction')];
});
afterEach(() => vi.restoreAllMocks());

const savepointCount = () => savepoints.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
const key = () => `savepoint-${uniqueSuffix()}`;

describe('savepoints', () => {
  it('when a transaction is nested in another, then the count sees its savepoint (the measure works)', async () => {
    await t.db.transaction((tx) => tx.transaction(() => Promise.resolve()));
    expect(savepointCount()).toBe(1);
  });

  it('when every idempotent route is called with a key, then their work runs in one transaction, without a savepoint', async () => {
    const customer = await createCustomer(t.db);
    const [address] = await t.db
      .insert(addresses)
      .values({ userId: customer.id, addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', isDefault: true })
      .returning();
    const item = await createItem(t.db);
    const customerToken = await loginAs(t.app, customer.username, customer.password);

    const bill = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .set('Idempotency-Key', key())
      .send({ userId: customer.id, billNumber: `INV-${uniqueSuffix()}`, billDate: '2026-01-15', billAmount: 60000 });
    const adjustment = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
      .set(bearer(staff.superadmin))
      .set('Idempotency-Key', key())
      .send({ points: 1000, reason: 'Opening balance' });
    const checkout = await request(t.app)
      .post('/api/user/cart/checkout')
      .set(bearer(customerToken))
      .set('Idempotency-Key', key())
      .send({ addressId: address!.id, items: [{ itemId: item.id, quantity: 1 }] });
    const importJob = await request(t.app)
      .post('/api/admin/customer-imports')
      .set(bearer(staff.admin))
      .set('Idempotency-Key', key())
      .send({
        users: [
          {
            username: `import-${uniqueSuffix()}`,
            partyName: 'Import Traders',
            phoneNumber: '9876543210',
            password: 'Rajasthan#2026',
          },
        ],
      });

    expect([bill.status, adjustment.status, checkout.status, importJob.status]).toEqual([201, 201, 201, 202]);
    expect(savepointCount()).toBe(0);
  });
});
