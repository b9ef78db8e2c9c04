import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, bills, items, users } from './db/schema';
import { createCustomer, customerInput, uniqueSuffix } from './test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from './test/http';

// Issue 30, point 5: single-line texts (bill numbers, party names, item names, address lines, reasons…) refuse
// every kind of line break inside them, on every path that sets them (create, edit, bulk import): they reach
// one-line places such as a mail's subject, where "\r\n" starts a new header. 400, a sentence, the field in
// `details`. Multi-line texts (an item's description) keep their line breaks.
const t = useTestApp();
const staff = useStaffTokens(t);
const customer = { id: '', token: '' };

beforeAll(async () => {
  const row = await createCustomer(t.db, { tier: 'Gold' });
  customer.id = row.id;
  customer.token = await loginAs(t.app, row.username, row.password);
});

/** Each character that ends a line, as a name for the test title and the text that carries it. */
const BREAKS: [string, string][] = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['CR', '\r'],
  ['a vertical tab', '\v'],
  ['a form feed', '\f'],
  ['NEL (U+0085)', '\u0085'],
  ['a line separator (U+2028)', '\u2028'],
  ['a paragraph separator (U+2029)', '\u2029'],
];

function expectRefused(response: request.Response, field: string, sentence: string) {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({
    error: sentence,
    message: sentence,
    code: 'VALIDATION_FAILED',
    details: [{ field, message: sentence }],
  });
}

const bill = (billNumber: string) => ({ userId: customer.id, billNumber, billAmount: 1000 });

describe('bill numbers', () => {
  it.each(BREAKS)('when a bill is entered with %s inside its number, then 400 and no bill is saved', async (_name, lineBreak) => {
    const billNumber = `B-${uniqueSuffix()}${lineBreak}Bcc: x@example.com`;

    const response = await request(t.app).post('/api/bill').set(bearer(staff.admin)).send(bill(billNumber));

    expectRefused(response, 'billNumber', 'Bill number cannot contain line breaks');
    expect(await t.db.select().from(bills).where(eq(bills.billNumber, billNumber.trim()))).toEqual([]);
  });

  it('when a bill number is edited to hold a line break, then 400 and the bill keeps its number', async () => {
    const number = `B-${uniqueSuffix()}`;
    const created = await request(t.app).post('/api/bill').set(bearer(staff.admin)).send(bill(number));
    expect(created.status).toBe(201);

    const response = await request(t.app)
      .patch(`/api/bill/${created.body._id}`)
      .set(bearer(staff.admin))
      .send({ billNumber: `${number}\r\nBcc: x@example.com` });

    expectRefused(response, 'billNumber', 'Bill number cannot contain line breaks');
    const [row] = await t.db
      .select()
      .from(bills)
      .where(eq(bills.id, created.body._id as string));
    expect(row?.billNumber).toBe(number);
  });

  it('when a bill number only ends with a line break (a pasted cell), then it is trimmed like a space and saved', async () => {
    const number = `B-${uniqueSuffix()}`;

    const response = await request(t.app)
      .post('/api/bill')
      .set(bearer(staff.admin))
      .send(bill(`\r\n${number}\r\n`));

    expect(response.status).toBe(201);
    expect(response.body.billNumber).toBe(number);
  });
});

describe('party names and phone numbers of new users', () => {
  it.each(BREAKS)(
    'when an admin adds a customer with %s inside the party name, then 400 and nobody is added',
    async (_name, lineBreak) => {
      const username = `line-${uniqueSuffix()}`;

      const response = await request(t.app)
        .post('/api/admin/add-customer')
        .set(bearer(staff.admin))
        .send(customerInput(username, { partyName: `Ajmer${lineBreak}Traders` }));

      expectRefused(response, 'partyName', 'Party name cannot contain line breaks');
      expect(await t.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    },
  );

  it('when a superadmin adds an admin whose party name holds a paragraph separator, then 400', async () => {
    const response = await request(t.app)
      .post('/api/superadmin/sausers')
      .set(bearer(staff.superadmin))
      .send({ ...customerInput(`line-${uniqueSuffix()}`, { partyName: 'Head\u2029Office' }), userType: 'admin' });

    expectRefused(response, 'partyName', 'Party name cannot contain line breaks');
  });

  it('when a phone number holds a line break, then 400 says so first', async () => {
    const response = await request(t.app)
      .post('/api/admin/add-customer')
      .set(bearer(staff.admin))
      .send(customerInput(`line-${uniqueSuffix()}`, { phoneNumber: '98290\n12345' }));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'Phone number cannot contain line breaks',
      details: [{ field: 'phoneNumber', message: 'Phone number cannot contain line breaks' }, { field: 'phoneNumber' }],
    });
  });

  it.each([
    ['at once', '/api/admin/add-customers'],
    ['as a job', '/api/admin/customer-imports'],
  ])(
    'when a bulk import (%s) has a party name with a line break, then 400 names that row and field, and nobody is added',
    async (_how, path) => {
      const clean = customerInput(`line-${uniqueSuffix()}`);
      const broken = customerInput(`line-${uniqueSuffix()}`, { partyName: 'Kota\r\nTiles' });

      const response = await request(t.app)
        .post(path)
        .set(bearer(staff.admin))
        .send({ users: [clean, broken] });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: '1 row has problems; nobody was added',
        details: [
          {
            index: 1,
            username: broken.username,
            problems: [{ field: 'partyName', message: 'Party name cannot contain line breaks' }],
          },
        ],
      });
      expect(await t.db.select().from(users).where(eq(users.username, clean.username))).toEqual([]);
    },
  );
});

type Fields = Record<string, string>;
const KETTLE: Fields = { name: 'Kettle', description: '<p>Steel</p>', pointsRequired: '100', discount: '0', stock: '3' };

function sendItem(method: 'post' | 'put', path: string, fields: Fields) {
  const call = request(t.app)[method](path).set(bearer(staff.admin));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  return call;
}

describe('item names (the description stays multi-line)', () => {
  it('when an item is added with a line break in its name, then 400 and no item is saved', async () => {
    const name = `Kettle ${uniqueSuffix()}\r\nBcc: x`;

    const response = await sendItem('post', '/api/item', { ...KETTLE, name });

    expectRefused(response, 'name', 'Item name cannot contain line breaks');
    expect(await t.db.select().from(items).where(eq(items.name, name))).toEqual([]);
  });

  it('when an item is edited to a name with NEL, then 400 and it keeps its name; a description over several lines is kept', async () => {
    const name = `Kettle ${uniqueSuffix()}`;
    const created = await sendItem('post', '/api/item', { ...KETTLE, name, description: '<p>Steel</p>\n<p>1.5 litre</p>' });
    expect(created.status).toBe(201);

    const response = await sendItem('put', `/api/item/${created.body._id}`, { ...KETTLE, name: `${name}\u0085x` });

    expectRefused(response, 'name', 'Item name cannot contain line breaks');
    const [row] = await t.db
      .select()
      .from(items)
      .where(eq(items.id, created.body._id as string));
    expect(row?.name).toBe(name);
    expect(row?.description).toContain('\n');
  });
});

describe('address lines and city', () => {
  it.each([
    ['addressLine1', 'Address line 1 cannot contain line breaks', '12 MI Road\nJaipur'],
    ['addressLine2', 'Address line 2 cannot contain line breaks', 'Near\u2028the fort'],
    ['city', 'City cannot contain line breaks', 'Jai\vpur'],
  ])(
    'when a customer saves an address whose %s holds a line break, then 400 and nothing is saved',
    async (field, sentence, value) => {
      const response = await request(t.app)
        .post('/api/user/addresses')
        .set(bearer(customer.token))
        .send({ addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001', [field]: value });

      expectRefused(response, field, sentence);
      expect(await t.db.select().from(addresses).where(eq(addresses.userId, customer.id))).toEqual([]);
    },
  );
});

describe('reasons of points adjustments', () => {
  it('when a superadmin gives a reason with a line break, then 400 and the balance stays', async () => {
    const response = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
      .set(bearer(staff.superadmin))
      .send({ points: 5, reason: 'Festival bonus\r\nBcc: x@example.com' });

    expectRefused(response, 'reason', 'Reason cannot contain line breaks');
    const ledger = await request(t.app).get(`/api/admin/users/${customer.id}/ledger`).set(bearer(staff.superadmin));
    expect(ledger.body.filter((entry: { type: string }) => entry.type === 'adjustment')).toEqual([]);
  });
});
