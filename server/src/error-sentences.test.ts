import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, customerInput, uniqueSuffix } from './test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from './test/http';

// Issue 30, point 4 (contract "API conventions"): every error's `error` is a sentence a person reads as it
// stands (clients written for the spec show it raw, "Order Failed …"), never "addressId: Choose a delivery
// address"; the field goes in `details`. One field wrong: its own message; several: a general sentence
// (decision 038).
const t = useTestApp();
const staff = useStaffTokens(t);
const tokens = { customer: '', customerId: '' };

beforeAll(async () => {
  const customer = await createCustomer(t.db);
  tokens.customerId = customer.id;
  tokens.customer = await loginAs(t.app, customer.username, customer.password);
});

type Caller = 'customer' | 'admin' | 'superadmin';
type Case = {
  method: 'get' | 'post' | 'patch';
  path: () => string;
  caller: Caller;
  body?: () => Record<string, unknown>;
  error: string;
  details: { field: string; message: string }[];
};

const tokenOf = (caller: Caller) => (caller === 'customer' ? tokens.customer : staff[caller]);

const CASES: [string, Case][] = [
  [
    'change-password with a short newPassword',
    {
      method: 'post',
      path: () => '/api/user/change-password',
      caller: 'customer',
      body: () => ({ newPassword: 'short', currentPassword: 'correct-horse-42' }),
      error: 'Password must be at least 8 characters',
      details: [{ field: 'newPassword', message: 'Password must be at least 8 characters' }],
    },
  ],
  [
    'checkout without addressId',
    {
      method: 'post',
      path: () => '/api/user/cart/checkout',
      caller: 'customer',
      body: () => ({ items: [{ itemId: randomUUID(), quantity: 1 }] }),
      error: 'Choose a delivery address',
      details: [{ field: 'addressId', message: 'Choose a delivery address' }],
    },
  ],
  [
    'checkout with a line of 9',
    {
      method: 'post',
      path: () => '/api/user/cart/checkout',
      caller: 'customer',
      body: () => ({ addressId: randomUUID(), items: [{ itemId: randomUUID(), quantity: 9 }] }),
      error: 'Quantity must be at most 5',
      details: [{ field: 'items.0.quantity', message: 'Quantity must be at most 5' }],
    },
  ],
  [
    'add-customer without a party name',
    {
      method: 'post',
      path: () => '/api/admin/add-customer',
      caller: 'admin',
      body: () => {
        const { partyName: _left, ...rest } = customerInput(`sentence-${uniqueSuffix()}`);
        return rest;
      },
      error: 'Party name is required',
      details: [{ field: 'partyName', message: 'Party name is required' }],
    },
  ],
  [
    'add-customer with only a username',
    {
      method: 'post',
      path: () => '/api/admin/add-customer',
      caller: 'admin',
      body: () => ({ username: `sentence-${uniqueSuffix()}` }),
      error: 'Some fields are invalid',
      details: [
        { field: 'partyName', message: 'Party name is required' },
        { field: 'phoneNumber', message: 'Phone number is required' },
        { field: 'password', message: 'Password is required' },
      ],
    },
  ],
  [
    'a bill with an amount that is not a number',
    {
      method: 'post',
      path: () => '/api/bill',
      caller: 'admin',
      body: () => ({ userId: tokens.customerId, billNumber: `S-${uniqueSuffix()}`, billAmount: 'lots' }),
      error: 'Bill amount must be a number',
      details: [{ field: 'billAmount', message: 'Bill amount must be a number' }],
    },
  ],
  [
    'a bill edit with nothing to change',
    {
      method: 'patch',
      path: () => `/api/bill/${randomUUID()}`,
      caller: 'admin',
      body: () => ({}),
      error: 'Nothing to change: give a new bill number, date or amount',
      details: [{ field: '(body)', message: 'Nothing to change: give a new bill number, date or amount' }],
    },
  ],
  [
    'a bill edit of an id that is not one',
    {
      method: 'patch',
      path: () => '/api/bill/not-an-id',
      caller: 'admin',
      body: () => ({ billAmount: 10 }),
      error: 'Not a valid id',
      details: [{ field: 'id', message: 'Not a valid id' }],
    },
  ],
  [
    'a points adjustment with a reason of two letters',
    {
      method: 'post',
      path: () => `/api/superadmin/users/${tokens.customerId}/points-adjustment`,
      caller: 'superadmin',
      body: () => ({ points: 5, reason: 'ok' }),
      error: 'Reason must be at least 3 characters',
      details: [{ field: 'reason', message: 'Reason must be at least 3 characters' }],
    },
  ],
  [
    'a list asked for 500 a page',
    {
      method: 'get',
      path: () => '/api/admin/users?page=1&limit=500',
      caller: 'admin',
      error: 'Too big: expected number to be <=100',
      details: [{ field: 'limit', message: 'Too big: expected number to be <=100' }],
    },
  ],
];

/** Keys sent, declared or named in details: none may appear in `error` as "key:", nor a camelCase key at all. */
function expectNoFieldNamed(error: string, body: Record<string, unknown> | undefined, details: { field: string }[]) {
  expect(error).not.toMatch(/^[^\s:]+: /);
  const keys = new Set([...Object.keys(body ?? {}), ...details.flatMap((detail) => detail.field.split('.'))]);
  for (const key of keys) {
    expect(error).not.toContain(`${key}:`);
    if (/[a-z][A-Z]/.test(key)) expect(error).not.toContain(key);
  }
}

describe('the error sentence of a 400 (contract "API conventions": no field names in `error`)', () => {
  it.each(CASES)('when %s is sent, then `error` is a sentence and `details` names the field', async (_name, sent) => {
    const body = sent.body?.();
    const agent = request(t.app);
    let call = agent[sent.method](sent.path()).set(bearer(tokenOf(sent.caller)));
    if (body) call = call.send(body);

    const response = await call;

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: sent.error, message: sent.error, code: 'VALIDATION_FAILED', details: sent.details });
    expectNoFieldNamed(response.body.error, body, sent.details);
  });

  it('when a bulk import has a bad row, then `error` counts the rows and each row names its fields in `details`', async () => {
    const good = customerInput(`sentence-${uniqueSuffix()}`);
    const { partyName: _left, ...bad } = customerInput(`sentence-${uniqueSuffix()}`, { phoneNumber: '12' });

    const response = await request(t.app)
      .post('/api/admin/add-customers')
      .set(bearer(staff.admin))
      .send({ users: [good, bad] });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: '1 row has problems; nobody was added',
      message: '1 row has problems; nobody was added',
      code: 'VALIDATION_FAILED',
      details: [
        {
          index: 1,
          username: bad.username,
          problems: [
            { field: 'partyName', message: 'Party name is required' },
            { field: 'phoneNumber', message: 'Enter a phone number of 7 to 15 digits' },
          ],
        },
      ],
    });
    expectNoFieldNamed(response.body.error, bad, [{ field: 'partyName' }, { field: 'phoneNumber' }]);
  });
});
