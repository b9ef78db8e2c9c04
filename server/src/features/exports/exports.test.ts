import * as XLSX from '@e965/xlsx';
import { kolkataDate } from '@app/common';
import { eq, sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request, { type Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { addresses, campaigns, items, pointLots } from '../../db/schema';
import { createAdmin, createCustomer, uniqueSuffix } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';

const t = useTestApp();
const staff = useStaffTokens(t);

/** The whole answer as bytes, whatever its type (supertest parses only text and JSON by itself). */
function download(path: string, token: string, query: Record<string, string> = {}) {
  return request(t.app)
    .get(path)
    .query(query)
    .set(bearer(token))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

function bodyOf(response: Response): Buffer {
  return response.body as Buffer;
}

/** CSV (RFC 4180) rows as cells, after checking the byte-order mark. */
function csvRows(response: Response): string[][] {
  const text = bodyOf(response).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 1; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return rows;
}

/** The xlsx's first sheet as rows of raw values (numbers stay numbers). */
function xlsxRows(response: Response): unknown[][] {
  const workbook = XLSX.read(bodyOf(response), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
}

function xlsxTexts(response: Response): string[][] {
  const workbook = XLSX.read(bodyOf(response), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

const today = () => kolkataDate(t.clock.now());

async function billFor(userId: string, billNumber: string, billAmount: number) {
  const response = await request(t.app).post('/api/bill').set(bearer(staff.admin)).send({ userId, billNumber, billAmount });
  expect(response.status).toBe(201);
  return response.body as { _id: string; billDate: string; points: number };
}

describe('GET /api/admin/export/users', () => {
  it('when an admin exports customers as CSV, then the attachment is dated, starts with a BOM and holds customers only', async () => {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db, { username: `exp-${tag}-c`, partyName: 'Ajmer Traders', availablePoints: 12345 });
    await createAdmin(t.db, { username: `exp-${tag}-a` });
    // Contract "points expiry": the soonest date with points left, and how many (a spent lot does not count).
    await t.db.insert(pointLots).values([
      { userId: customer.id, expiresOn: '2027-03-31', pointsLeft: 2345 },
      { userId: customer.id, expiresOn: '2027-03-31', pointsLeft: 10000 },
      { userId: customer.id, expiresOn: '2027-01-31', pointsLeft: 0 },
      { userId: customer.id, expiresOn: null, pointsLeft: 1 },
    ]);

    const response = await download('/api/admin/export/users', staff.admin, { q: `exp-${tag}` });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="customers-${today()}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(csvRows(response)).toEqual([
      [
        'Username',
        'Party name',
        'Phone number',
        'User type',
        'Tier',
        'Available points',
        'Total points',
        'Next points expiry',
        'Points expiring then',
        'Blocked',
        'Created',
      ],
      [
        customer.username,
        'Ajmer Traders',
        '9876543210',
        'customer',
        'NoTier',
        '123.45',
        '0.00',
        '2027-03-31',
        '123.45',
        'No',
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      ],
    ]);
  });

  it('when a superadmin exports with or without a user type, then the rows follow their users screen', async () => {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db, { username: `sup-${tag}-c` });
    const admin = await createAdmin(t.db, { username: `sup-${tag}-a` });

    const admins = await download('/api/admin/export/users', staff.superadmin, { q: `sup-${tag}`, userType: 'admin' });
    const everyone = await download('/api/admin/export/users', staff.superadmin, { q: `sup-${tag}` });

    expect(admins.headers['content-disposition']).toContain(`filename="admins-${today()}.csv"`);
    expect(
      csvRows(admins)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([admin.username]);
    expect(everyone.headers['content-disposition']).toContain(`filename="users-${today()}.csv"`);
    expect(
      csvRows(everyone)
        .slice(1)
        .map((row) => [row[0], row[3]]),
    ).toEqual([
      [admin.username, 'admin'],
      [customer.username, 'customer'],
    ]);
  });

  it('when an admin asks for admins, then 403; a customer, 403; nobody signed in, 401', async () => {
    const customer = await createCustomer(t.db);
    const token = await loginAs(t.app, customer.username, customer.password);

    const asAdmin = await request(t.app).get('/api/admin/export/users?userType=admin').set(bearer(staff.admin));
    const asCustomer = await request(t.app).get('/api/admin/export/users').set(bearer(token));
    const anonymous = await request(t.app).get('/api/admin/export/users');

    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toMatchObject({ code: 'FORBIDDEN', message: 'Admins can export customers only' });
    expect(asCustomer.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });

  it('when the format or a filter is unknown, then 400 with the error shape and no file', async () => {
    const badFormat = await request(t.app).get('/api/admin/export/users?format=pdf').set(bearer(staff.admin));
    const badFilter = await request(t.app).get('/api/admin/export/users?status=Pending').set(bearer(staff.admin));
    const twoSearches = await request(t.app).get('/api/admin/export/users?q=a&q=b').set(bearer(staff.admin));

    expect(badFormat.status).toBe(400);
    expect(badFormat.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Format must be csv or xlsx' });
    expect(badFormat.headers['content-disposition']).toBeUndefined();
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ message: 'Unknown filter: status' }] });
    expect(twoSearches.status).toBe(400);
  });

  it('when cells begin with =, +, -, @, tab or CR, then both formats write them with a leading apostrophe; numbers stay numbers', async () => {
    const tag = uniqueSuffix();
    const dangerous = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
    for (const [index, partyName] of dangerous.entries()) {
      await createCustomer(t.db, {
        username: `f${index}-${tag}`,
        partyName,
        phoneNumber: '+91 98290 12345',
        availablePoints: -250,
      });
    }

    const csv = await download('/api/admin/export/users', staff.admin, { q: tag });
    const xlsx = await download('/api/admin/export/users', staff.admin, { q: tag, format: 'xlsx' });

    const csvBody = csvRows(csv).slice(1);
    expect(csvBody.map((row) => row[1])).toEqual(dangerous.map((text) => `'${text}`));
    expect(csvBody.map((row) => [row[2], row[5]])).toEqual(dangerous.map(() => ["'+91 98290 12345", '-2.50']));
    const sheet = xlsxRows(xlsx).slice(1);
    expect(sheet.map((row) => row[1])).toEqual(dangerous.map((text) => `'${text}`));
    expect(sheet.map((row) => row[5])).toEqual(dangerous.map(() => -2.5));
    const workbook = XLSX.read(bodyOf(xlsx), { type: 'buffer', cellFormula: true });
    const cells = Object.values(workbook.Sheets[workbook.SheetNames[0]!]!) as { f?: string }[];
    expect(cells.filter((cell) => typeof cell === 'object' && cell !== null && cell.f !== undefined)).toEqual([]);
  });

  it('when names hold Hindi and ₹, then CSV and xlsx give them back unchanged', async () => {
    const tag = uniqueSuffix();
    await createCustomer(t.db, { username: `hi-${tag}`, partyName: 'राम ट्रेडर्स ₹ "अजमेर", जयपुर' });

    const csv = await download('/api/admin/export/users', staff.admin, { q: `hi-${tag}` });
    const xlsx = await download('/api/admin/export/users', staff.admin, { q: `hi-${tag}`, format: 'xlsx' });

    expect(csvRows(csv)[1]![1]).toBe('राम ट्रेडर्स ₹ "अजमेर", जयपुर');
    expect(xlsxRows(xlsx)[1]![1]).toBe('राम ट्रेडर्स ₹ "अजमेर", जयपुर');
  });
});

describe('GET /api/admin/export/bills', () => {
  it('when bills are exported as xlsx with a search, then the workbook holds the matching bills with numbers and Kolkata dates', async () => {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db, { tier: 'Platinum', partyName: 'Kota Stores' });
    // A campaign of today's bills: the bill carries its bonus and the campaign's name (contract "bonus campaigns").
    const [campaign] = await t.db
      .insert(campaigns)
      .values({ name: `Export week ${tag}`, from: today(), to: today(), multiplierHundredths: 200, tiers: ['Platinum'] })
      .returning();
    const bill = await billFor(customer.id, `XB-${tag}-1`, 2000.5);
    await t.db.delete(campaigns).where(eq(campaigns.id, campaign!.id));
    await billFor(customer.id, `OTHER-${tag}`, 100);

    const response = await download('/api/admin/export/bills', staff.admin, { q: `XB-${tag}`, format: 'xlsx' });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename="bills-${today()}.xlsx"`);
    const rows = xlsxRows(response);
    expect(rows[0]).toEqual([
      'Bill number',
      'Bill date',
      'Username',
      'Party name',
      'Amount (INR)',
      'Tier',
      'Rate (INR per point)',
      'Points',
      'Bonus points',
      'Campaign',
      'Entered',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        `XB-${tag}-1`,
        expect.any(Number),
        customer.username,
        'Kota Stores',
        2000.5,
        'Platinum',
        200,
        bill.points,
        bill.points,
        `Export week ${tag}`,
        expect.any(Number),
      ],
    ]);
    const texts = xlsxTexts(response);
    expect(texts[1]![1]).toBe(bill.billDate);
    expect(texts[1]![4]).toBe('2000.50');
    expect(texts[1]![10]).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d:\\d\\d$`));
  });

  it('when bills are exported as CSV, then amounts and points have 2 decimals and the date is the bill date', async () => {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db, { tier: 'Gold' });
    const bill = await billFor(customer.id, `CB-${tag}`, 1000);

    const response = await download('/api/admin/export/bills', staff.superadmin, { q: `CB-${tag}` });

    expect(csvRows(response).slice(1)).toEqual([
      [
        `CB-${tag}`,
        bill.billDate,
        customer.username,
        customer.partyName,
        '1000.00',
        'Gold',
        '300.00',
        '3.33',
        '0.00',
        '',
        expect.any(String),
      ],
    ]);
  });

  it('when 20,000 bills match, then every one arrives once, in the screen order', { timeout: 60_000 }, async () => {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db);
    await t.db.execute(sql`
      insert into bills (bill_number, user_id, bill_date, amount_paise, rate_hundredths, points, created_at)
      select 'BULK-' || ${tag} || '-' || lpad(n::text, 5, '0'), ${customer.id}::uuid, date '2026-01-01' + (n % 200),
             n * 100, 0, 0, timestamptz '2026-01-01' + (n % 7) * interval '1 second'
      from generate_series(1, 20000) as n`);

    const csv = await download('/api/admin/export/bills', staff.admin, { q: `BULK-${tag}` });

    const rows = csvRows(csv).slice(1);
    expect(rows).toHaveLength(20_000);
    expect(new Set(rows.map((row) => row[0])).size).toBe(20_000);
    const dates = rows.map((row) => row[1]!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('GET /api/admin/export/orders', () => {
  it('when orders are exported with a status, then only that status comes, with lines, total and city', async () => {
    const customer = await createCustomer(t.db, { partyName: 'Bikaner Sweets' });
    await t.db.execute(sql`update users set available_points = 100000 where id = ${customer.id}`);
    await t.db.execute(sql`
      insert into points_ledger (user_id, reason, available_delta, total_delta, note)
      values (${customer.id}, 'adjustment', 100000, 0, 'test points')`);
    const [address] = await t.db
      .insert(addresses)
      .values({ userId: customer.id, addressLine1: '1 Station Road', city: 'बीकानेर', pinCode: '334001', isDefault: true })
      .returning();
    const [item] = await t.db
      .insert(items)
      .values({ name: 'Kettle ₹', description: '<p>k</p>', pointsRequired: 30000, discount: 5000, stock: 10 })
      .returning();
    const token = await loginAs(t.app, customer.username, customer.password);
    const placed = await request(t.app)
      .post('/api/user/cart/checkout')
      .set(bearer(token))
      .send({ addressId: address!.id, items: [{ itemId: item!.id, quantity: 2 }] });
    expect(placed.status).toBe(201);
    const alias = (placed.body as { order: { orderIdAlias: string } }).order.orderIdAlias;

    const pending = await download('/api/admin/export/orders', staff.admin, { q: customer.username, status: 'Pending' });
    const completed = await download('/api/admin/export/orders', staff.admin, {
      q: customer.username,
      status: 'Completed',
      format: 'xlsx',
    });

    expect(pending.headers['content-disposition']).toContain(`filename="orders-pending-${today()}.csv"`);
    expect(csvRows(pending)).toEqual([
      ['Order', 'Placed', 'Username', 'Party name', 'Status', 'Items', 'Total points', 'City', 'PIN code'],
      [alias, expect.any(String), customer.username, 'Bikaner Sweets', 'Pending', 'Kettle ₹ × 2', '500.00', 'बीकानेर', '334001'],
    ]);
    expect(xlsxRows(completed)).toHaveLength(1);
  });

  it('when the status is not one of the statuses, then 400', async () => {
    const response = await request(t.app).get('/api/admin/export/orders?status=Lost').set(bearer(staff.admin));

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/admin/users/{id}/ledger/export', () => {
  it('when a customer has entries, then the history comes newest first with the balance after each', async () => {
    const customer = await createCustomer(t.db, { tier: 'Platinum', username: `ledger-${uniqueSuffix()}` });
    await billFor(customer.id, `L-${uniqueSuffix()}`, 2000);
    await billFor(customer.id, `L-${uniqueSuffix()}`, 1000);
    const adjusted = await request(t.app)
      .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
      .set(bearer(staff.superadmin))
      .send({ points: -2.5, reason: '=HYPERLINK("x") returned' });
    expect(adjusted.status).toBe(201);

    const csv = await download(`/api/admin/users/${customer.id}/ledger/export`, staff.admin);
    const xlsx = await download(`/api/admin/users/${customer.id}/ledger/export`, staff.admin, { format: 'xlsx' });

    expect(csv.headers['content-disposition']).toContain(`filename="points-${customer.username}-${today()}.csv"`);
    expect(csvRows(csv).map((row) => row.slice(1, 5).concat(row[6]!))).toEqual([
      ['What', 'Points', 'Balance after', 'Billing points', 'Note'],
      ['Adjustment', '-2.50', '12.50', '0.00', `'=HYPERLINK("x") returned`],
      ['Bill entered', '5.00', '15.00', '5.00', ''],
      ['Bill entered', '10.00', '10.00', '10.00', ''],
    ]);
    expect(xlsxRows(xlsx).map((row) => row.slice(2, 4))).toEqual([
      ['Points', 'Balance after'],
      [-2.5, 12.5],
      [5, 15],
      [10, 10],
    ]);
  });

  it('when an admin exports an admin’s history, then 403; an unknown user, 404; a bad format, 400', async () => {
    const admin = await createAdmin(t.db);

    const ofAdmin = await request(t.app).get(`/api/admin/users/${admin.id}/ledger/export`).set(bearer(staff.admin));
    const bySuperadmin = await download(`/api/admin/users/${admin.id}/ledger/export`, staff.superadmin);
    const unknown = await request(t.app)
      .get('/api/admin/users/00000000-0000-4000-8000-000000000000/ledger/export')
      .set(bearer(staff.admin));
    const badFormat = await request(t.app)
      .get(`/api/admin/users/${admin.id}/ledger/export?format=xls`)
      .set(bearer(staff.superadmin));

    expect(ofAdmin.status).toBe(403);
    expect(bySuperadmin.status).toBe(200);
    expect(csvRows(bySuperadmin)).toHaveLength(1);
    expect(unknown.status).toBe(404);
    expect(badFormat.status).toBe(400);
  });
});

describe('exports: one state, and never more than two at once on a server (issue 30)', () => {
  /**
   * An export read by a client that stops after the first bytes, as a slow phone or a paused download does: the
   * server cannot write more once the socket's buffers are full, so whatever it reads after that, it reads later.
   */
  async function startSlowDownload(path: string, token: string) {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const chunks: Buffer[] = [];
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${token}` } }, resolve).on('error', reject);
    });
    await new Promise<void>((resolve) => {
      response.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        response.pause();
        resolve();
      });
    });
    return {
      status: response.statusCode,
      /** Reads the rest of the answer. */
      async rest(): Promise<Buffer> {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = new Promise((resolve) => response.once('end', resolve));
        response.resume();
        await ended;
        server.close();
        return Buffer.concat(chunks);
      },
      /** Goes away without reading the rest. */
      abandon() {
        response.destroy();
        server.close();
      },
    };
  }

  /** `count` bills of one customer whose long party name makes the file several megabytes. */
  async function manyBills(count: number) {
    const tag = uniqueSuffix();
    const customer = await createCustomer(t.db);
    await t.db.execute(sql`update users set party_name = ${'Rajasthan Traders '.repeat(25)} where id = ${customer.id}`);
    await t.db.execute(sql`
      insert into bills (bill_number, user_id, bill_date, amount_paise, rate_hundredths, points, created_at)
      select 'SNAP-' || ${tag} || '-' || lpad(n::text, 5, '0'), ${customer.id}::uuid, date '2026-01-01' + (n % 200),
             n * 100, 0, 0, timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, ${count}::int) as n`);
    return { tag, customer };
  }

  const csvText = (file: Buffer) => csvRows({ body: file } as Response).slice(1);

  it(
    'when bills are re-dated, deleted and added while an export downloads, then the file is the list as it stood when the export began',
    { timeout: 60_000 },
    async () => {
      const { tag, customer } = await manyBills(20_000);
      const before = csvRows(await download('/api/admin/export/bills', staff.admin, { q: `SNAP-${tag}` })).slice(1);

      const slow = await startSlowDownload(`/api/admin/export/bills?q=SNAP-${tag}`, staff.admin);
      expect(slow.status).toBe(200);
      // Meanwhile: half the bills move to the other end of the list, some are deleted and some are added.
      await t.db.execute(
        sql`update bills set bill_date = bill_date + 400 where bill_number like ${`SNAP-${tag}-%`} and right(bill_number, 1) in ('1', '3', '5', '7', '9')`,
      );
      await t.db.execute(
        sql`update bills set deleted_at = now() where bill_number like ${`SNAP-${tag}-%`} and right(bill_number, 2) = '42'`,
      );
      await t.db.execute(sql`
      insert into bills (bill_number, user_id, bill_date, amount_paise, rate_hundredths, points)
      select 'SNAP-' || ${tag} || '-new-' || n, ${customer.id}::uuid, date '2026-06-01', 100, 0, 0 from generate_series(1, 50) as n`);
      const rows = csvText(await slow.rest());

      expect(rows).toHaveLength(20_000);
      expect(rows).toEqual(before);
    },
  );

  it(
    'when two exports are downloading, then a third is refused with 429 and Retry-After, and once one ends another may start',
    { timeout: 60_000 },
    async () => {
      const { tag } = await manyBills(20_000);
      const path = `/api/admin/export/bills?q=SNAP-${tag}`;
      const first = await startSlowDownload(path, staff.admin);
      const second = await startSlowDownload(`${path}&format=xlsx`, staff.superadmin);
      expect([first.status, second.status]).toEqual([200, 200]);

      const third = await request(t.app).get('/api/admin/export/users').set(bearer(staff.admin));
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(third.body.error).toBe(third.body.message);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Other requests go on meanwhile.
      expect((await request(t.app).get('/api/health')).status).toBe(200);

      first.abandon();
      const secondFile = await second.rest();
      expect(xlsxRows({ body: secondFile } as Response)).toHaveLength(20_001);
      await expect
        .poll(async () => (await request(t.app).get('/api/admin/export/users').set(bearer(staff.admin))).status)
        .toBe(200);
    },
  );

  it('when cells begin with invisible characters, quotes or fullwidth = + - @, then both formats neutralise them too', async () => {
    const tag = uniqueSuffix();
    const dangerous = [
      '\u200B=1+1',
      '\u200B\uFEFF=HYPERLINK("x")',
      '\u200D\u2060+1',
      '"=1+1',
      "'@cmd",
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '\u200E-5',
    ];
    for (const [index, partyName] of dangerous.entries()) {
      const customer = await createCustomer(t.db, { username: `z${index}-${tag}` });
      // Stored as given, past the API's own checks (a restored or older row). Not a byte-order mark first: the
      // embedded database's driver drops one at the start of a text value when it reads it back.
      await t.db.execute(sql`update users set party_name = ${partyName} where id = ${customer.id}`);
    }
    // Text that merely contains these characters later, or starts with a harmless one, is left alone.
    await createCustomer(t.db, { username: `zz-${tag}`, partyName: 'Sharma = Sons ＋ co' });

    const csv = csvRows(await download('/api/admin/export/users', staff.admin, { q: tag })).slice(1);
    const xlsx = xlsxRows(await download('/api/admin/export/users', staff.admin, { q: tag, format: 'xlsx' })).slice(1);

    const expected = [...dangerous.map((text) => `'${text}`), 'Sharma = Sons ＋ co'];
    expect(csv.map((row) => row[1])).toEqual(expected);
    expect(xlsx.map((row) => row[1])).toEqual(expected);
  });
});
