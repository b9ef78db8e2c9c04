import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { createLogger } from '../lib/logger';
import { createEmptyDatabase, createTestDatabase } from '../test/db';
import { createAdmin, createCustomer, createSuperadmin, TEST_PASSWORD } from '../test/factories';
import { bearer, loginAs, TEST_JWT_SECRET, TestClock, useTestApp } from '../test/http';
import { pictureOf } from '../test/images';
import { expectBalancesEqualLedger } from '../test/ledger';
import { testConfig } from '../test/test-config';
import { BackupError } from './backup-format';
import { openSession, quoteIdentifier, readTableShapes } from './database-session';
import { restoreBackup } from './restore-backup';
import { writeBackup } from './write-backup';

const t = useTestApp();
const folder = mkdtempSync(path.join(tmpdir(), 'rewards-backup-test-'));
const fileIn = (name: string) => path.join(folder, name);
// Each embedded copy holds a few hundred MB: closed after every test, not kept for the whole file.
const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

/** Every table's rows as the database writes them, in key order: equal dumps mean equal databases. */
async function tableDump(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const session = await openSession(handle);
  try {
    const dump: Record<string, string[]> = {};
    for (const table of await readTableShapes(session)) {
      const rows = await session.query<{ row: string }>(`select to_jsonb(t)::text as row from ${quoteIdentifier(table.name)} t`);
      dump[table.name] = rows.map(({ row }) => row).sort();
    }
    return dump;
  } finally {
    session.release();
  }
}

/** A migrated database with no rows at all: a copy of the test template without its default settings. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  opened.push(handle);
  const session = await openSession(handle);
  await session.query('delete from settings');
  session.release();
  return handle;
}

/** A database of the other kind's reach: a fresh embedded one, or a new PostgreSQL database with no schema. */
async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  const handle = await createEmptyDatabase(kind);
  opened.push(handle);
  return handle;
}

const appOver = (handle: DatabaseHandle) =>
  createApp({
    db: handle.db,
    config: testConfig(),
    jwtSecret: TEST_JWT_SECRET,
    logger: createLogger('silent'),
    clock: new TestClock(),
  });

type Programme = { admin: { username: string }; customer: { id: string; username: string }; itemId: string; addressId: string };

/** A small programme through the API: a bill, an adjustment, an item with its picture, orders with history, a tier review. */
async function fillProgramme(): Promise<Programme> {
  const admin = await createAdmin(t.db);
  const superadmin = await createSuperadmin(t.db);
  const customer = await createCustomer(t.db, { partyName: 'अजमेर ट्रेडर्स' });
  const adminToken = await loginAs(t.app, admin.username, admin.password);
  const superToken = await loginAs(t.app, superadmin.username, superadmin.password);
  const customerToken = await loginAs(t.app, customer.username, customer.password);

  const review = await request(t.app).get('/api/superadmin/tier-review').set(bearer(superToken));
  const billDate = String(review.body.from).slice(0, 10);
  const bill = await request(t.app)
    .post('/api/bill')
    .set(bearer(adminToken))
    .send({ userId: customer.id, billNumber: `INV-${randomBytes(3).toString('hex')}`, billDate, billAmount: 900000.5 });
  expect(bill.status).toBe(201);
  const adjustment = await request(t.app)
    .post(`/api/superadmin/users/${customer.id}/points-adjustment`)
    .set(bearer(superToken))
    .send({ points: 100.12, reason: 'Welcome gift' });
  expect(adjustment.status).toBe(201);
  const address = await request(t.app)
    .post('/api/user/addresses')
    .set(bearer(customerToken))
    .send({ addressLine1: '12 MI Road', city: 'Jaipur', pinCode: '302001' });
  expect(address.status).toBe(201);
  const item = await request(t.app)
    .post('/api/item')
    .set(bearer(adminToken))
    .field('name', 'Electric Kettle')
    .field('description', '<p>1.5 litre</p>')
    .field('pointsRequired', '25.5')
    .field('stock', '9')
    .attach('image', await pictureOf('png', { width: 400, height: 300 }), { filename: 'kettle.png', contentType: 'image/png' });
  expect(item.status).toBe(201);
  const order = () =>
    request(t.app)
      .post('/api/user/cart/checkout')
      .set(bearer(customerToken))
      .send({ addressId: address.body._id, items: [{ itemId: item.body._id, quantity: 1 }] });
  const completed = await order();
  const cancelled = await order();
  expect([completed.status, cancelled.status], JSON.stringify(completed.body)).toEqual([201, 201]);
  for (const [placed, status] of [
    [completed, 'Completed'],
    [cancelled, 'Cancelled'],
  ] as const) {
    const changed = await request(t.app)
      .patch(`/api/admin/${placed.body.order._id}/status`)
      .set(bearer(adminToken))
      .send({ status });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }
  const applied = await request(t.app)
    .post('/api/superadmin/tier-review/apply')
    .set(bearer(superToken))
    .send({ quarter: review.body.quarter });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { admin, customer, itemId: item.body._id as string, addressId: address.body._id as string };
}

let programme: Programme;
let source: Record<string, string[]>;
const backupFile = fileIn('programme.rewards.gz');

beforeAll(async () => {
  programme = await fillProgramme();
  source = await tableDump(t.database);
  await writeBackup(t.database, backupFile);
});

describe('backup and restore (contract "Backup and restore")', () => {
  // A fresh embedded database (initdb) as the target: about 30 s on a busy two-core machine.
  it('when a programme is backed up and restored into an empty database, then every table holds the same rows and new orders and bills follow on', async () => {
    const target = await emptyDatabase();

    const summary = await restoreBackup(target, backupFile);

    expect(await tableDump(target)).toEqual(source);
    for (const table of [
      'users',
      'bills',
      'points_ledger',
      'items',
      'picture_files',
      'orders',
      'order_status_changes',
      'addresses',
      'settings',
      'tier_reviews',
      'audit_log',
    ]) {
      expect(source[table]!.length, table).toBeGreaterThan(0);
      expect(summary.counts[table], table).toBe(source[table]!.length);
    }
    await expectBalancesEqualLedger(target.db);

    // The sequences continue after the restored rows: a new order gets the next number, a new ledger entry the next seq.
    const app = appOver(target);
    const customerToken = await loginAs(app, programme.customer.username, TEST_PASSWORD);
    const adminToken = await loginAs(app, programme.admin.username, TEST_PASSWORD);
    const order = await request(app)
      .post('/api/user/cart/checkout')
      .set(bearer(customerToken))
      .send({ addressId: programme.addressId, items: [{ itemId: programme.itemId, quantity: 1 }] });
    expect(order.status).toBe(201);
    const restoredOrders = source.orders!.map((row) => (JSON.parse(row) as { order_number: number }).order_number);
    expect(order.body.order.orderIdAlias).toBe(`ORD-${String(Math.max(...restoredOrders) + 1).padStart(6, '0')}`);
    const bill = await request(app)
      .post('/api/bill')
      .set(bearer(adminToken))
      .send({ userId: programme.customer.id, billNumber: 'INV-AFTER-RESTORE', billDate: '2026-01-15', billAmount: 1000 });
    expect(bill.status).toBe(201);
    const session = await openSession(target);
    const [latest] = await session.query<{ seq: string }>('select max(seq)::text as seq from points_ledger');
    session.release();
    const restoredSeqs = source.points_ledger!.map((row) => (JSON.parse(row) as { seq: number }).seq);
    expect(Number(latest!.seq)).toBe(Math.max(...restoredSeqs) + 2);
    await expectBalancesEqualLedger(target.db);
  }, 120_000);

  it('when the database already holds rows, then the restore is refused with the reason and nothing changes', async () => {
    const before = await tableDump(t.database);

    const refused = restoreBackup(t.database, backupFile);

    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/not empty \(rows in .*users.*\).*nothing was changed/);
    expect(await tableDump(t.database)).toEqual(before);
  });

  // A fresh embedded database (initdb) and, on a PostgreSQL run, two restores: slow on a busy machine.
  it('when an embedded database is backed up and restored into PostgreSQL (embedded without TEST_DATABASE_URL), then every row arrives', async () => {
    // The source is always an embedded database: the test's own, or (on a PostgreSQL run) one restored from it.
    let embedded = t.database;
    if (t.database.kind !== 'pglite') {
      embedded = await freshDatabase('pglite');
      await restoreBackup(embedded, backupFile);
    }
    const embeddedFile = fileIn('embedded.rewards.gz');
    await writeBackup(embedded, embeddedFile);
    const target = await freshDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(target.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

    await restoreBackup(target, embeddedFile);

    expect(await tableDump(target)).toEqual(source);
    await expectBalancesEqualLedger(target.db);
  }, 400_000);
});

describe('restore of a broken file', () => {
  const lines = () => gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n');
  const write = (name: string, content: Buffer | string) => {
    writeFileSync(fileIn(name), content);
    return fileIn(name);
  };
  const brokenFiles: [string, () => string, RegExp][] = [
    [
      'cut in the middle',
      () => write('cut.gz', readFileSync(backupFile).subarray(0, Math.floor(readFileSync(backupFile).length / 2))),
      /is damaged or truncated/,
    ],
    [
      'missing its end line',
      () => write('no-end.gz', gzipSync(lines().slice(0, -2).join('\n') + '\n')),
      /is truncated \(it has no end line\)/,
    ],
    [
      'garbled in one line in the middle',
      () => {
        const all = lines();
        const middle = Math.floor(all.length / 2);
        return write(
          'garbled.gz',
          gzipSync([...all.slice(0, middle), all[middle]!.slice(7), ...all.slice(middle + 1)].join('\n')),
        );
      },
      /is damaged \(line \d+ is not a row\)/,
    ],
    ['not gzip', () => write('plain.txt', 'users,bills\n1,2\n'), /not a backup of this programme \(not a gzip file\)/],
    [
      'foreign JSON',
      () => write('foreign.gz', gzipSync('{"name":"someone else","rows":[1,2,3]}\n')),
      /not a backup of this programme \(no "rewards-backup" header\)/,
    ],
    [
      'of another format version',
      () =>
        write(
          'version.gz',
          gzipSync([JSON.stringify({ ...JSON.parse(lines()[0]!), version: 99 }), ...lines().slice(1)].join('\n')),
        ),
      /format version 99; this version reads version 1/,
    ],
    [
      'with a row edited after it was written',
      () =>
        write(
          'tampered.gz',
          gzipSync(
            lines()
              .map((line) => line.replace(/"available_points": ?\d+/, '"available_points": 99999999'))
              .join('\n'),
          ),
        ),
      /was changed after it was written \(its checksum does not match\)/,
    ],
  ];

  // Each loads a database copy (about 1 s alone, 20 s on a busy machine).
  it.each(brokenFiles)(
    'when the file is %s, then the restore says so and writes nothing',
    async (_situation, make, message) => {
      const target = await emptyDatabase();

      const refused = restoreBackup(target, make());

      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(message);
      const dump = await tableDump(target);
      for (const [table, rows] of Object.entries(dump)) if (table !== 'live_user_counts') expect(rows, table).toEqual([]);
    },
    120_000,
  );
});

/** The target holds no row at all (the restore wrote nothing). */
async function expectEmpty(target: DatabaseHandle): Promise<void> {
  const dump = await tableDump(target);
  for (const [table, rows] of Object.entries(dump)) if (table !== 'live_user_counts') expect(rows, table).toEqual([]);
}

// Decision 037: a byte flipped in the data garbles the lines after it, and gzip's own check fails only at the
// end; it is reported as damage, never as a file with "data after its end" or a row the database refuses.
describe('restore of a file damaged in one byte', () => {
  // Rows of text, as most of a programme is (the pictures of the small programme are mostly gzip's errors at once).
  const textFile = fileIn('customers.rewards.gz');
  beforeAll(async () => {
    const source = await emptyDatabase();
    const session = await openSession(source);
    await session.query(
      `insert into users (username, party_name, phone_number, password_hash, user_type, available_points)
       select 'dealer-' || g, 'Party ' || g, '98' || lpad(g::text, 8, '0'), 'x', 'customer', 10000 from generate_series(1, 3000) g`,
    );
    await session.query(
      `insert into points_ledger (user_id, reason, available_delta, total_delta, note)
       select id, 'adjustment', 10000, 0, 'opening balance' from users`,
    );
    session.release();
    await writeBackup(source, textFile);
  }, 120_000);
  const flipped = (offset: (length: number) => number) => {
    const bytes = Buffer.from(readFileSync(textFile));
    const at = offset(bytes.length);
    bytes[at] = bytes[at]! ^ 0x55;
    writeFileSync(fileIn(`flipped-${at}.gz`), bytes);
    return fileIn(`flipped-${at}.gz`);
  };
  it.each([
    ['its first compressed byte', () => 10],
    ['a quarter of the way in', (length: number) => Math.floor(length / 4)],
    ['the middle', (length: number) => Math.floor(length / 2)],
    ['three quarters of the way in', (length: number) => Math.floor((length * 3) / 4)],
    ['20 bytes before its end', (length: number) => length - 20],
    ["gzip's own check at the end", (length: number) => length - 6],
  ])(
    'when a byte is flipped (%s), then the restore reports the file damaged and writes nothing',
    async (_where, offset) => {
      const target = await emptyDatabase();

      const refused = restoreBackup(target, flipped(offset));

      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(/is damaged/);
      await expectEmpty(target);
    },
    120_000,
  );
});

// Decision 037: a file edited with its checksum computed again passes the checksum; what it holds must still add
// up (contract "ledger": balances equal their ledger) before anything commits.
describe('restore of an edited file whose checksum was computed again', () => {
  type Row = Record<string, unknown>;
  /** The backup with `edit` applied to the rows of `table`, and its end line's checksum computed as the format does. */
  const edited = (name: string, table: string, edit: (row: Row) => Row | undefined) => {
    const all = gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n');
    const footer = JSON.parse(all.at(-2)!) as { sha256: string };
    const body = all.slice(0, -2).map((line) => {
      const match = /^\{"table":"([^"]+)","row":(\{.*\})\}$/s.exec(line);
      if (!match || match[1] !== table) return line;
      const row = edit(JSON.parse(match[2]!) as Row);
      return row ? `{"table":${JSON.stringify(table)},"row":${JSON.stringify(row)}}` : line;
    });
    const hashed = body.map((line) => `${line}\n`).join('');
    footer.sha256 = createHash('sha256').update(hashed).digest('hex');
    writeFileSync(fileIn(name), gzipSync(`${hashed}${JSON.stringify(footer)}\n`));
    return fileIn(name);
  };
  const rowOf = (table: string, matches: (row: Row) => boolean) =>
    source[table]!.map((line) => JSON.parse(line) as Row).find(matches)!;
  const points = (hundredths: unknown) => (Number(hundredths) / 100).toFixed(2);

  it.each([
    [
      "a customer's balance",
      () => {
        const customer = rowOf('users', (row) => row.username === programme.customer.username);
        const file = edited('balance.gz', 'users', (row) =>
          row.id === customer.id ? { ...row, available_points: Number(row.available_points) + 50_000 } : undefined,
        );
        const balance = points(Number(customer.available_points) + 50_000);
        return {
          file,
          message: `customer ${programme.customer.username}: balance ${balance} but the ledger sums ${points(customer.available_points)}`,
        };
      },
    ],
    [
      "a customer's totalPoints",
      () => {
        const customer = rowOf('users', (row) => row.username === programme.customer.username);
        const file = edited('total.gz', 'users', (row) =>
          row.id === customer.id ? { ...row, total_points: Number(row.total_points) + 100 } : undefined,
        );
        return {
          file,
          message: `customer ${programme.customer.username}: total points ${points(Number(customer.total_points) + 100)} but the ledger's bill entries sum ${points(customer.total_points)}`,
        };
      },
    ],
    [
      "a bill's points",
      () => {
        const bill = rowOf('bills', () => true);
        const file = edited('bill.gz', 'bills', (row) =>
          row.id === bill.id ? { ...row, points: Number(row.points) + 100 } : undefined,
        );
        return {
          file,
          message: `bill ${String(bill.bill_number)}: ${points(Number(bill.points) + 100)} points but its ledger entries sum ${points(bill.points)}`,
        };
      },
    ],
    [
      "an order's total",
      () => {
        const order = rowOf('orders', (row) => row.status === 'Completed');
        const file = edited('order.gz', 'orders', (row) =>
          row.id === order.id ? { ...row, total_points: Number(row.total_points) + 100 } : undefined,
        );
        const alias = `ORD-${String(order.order_number).padStart(6, '0')}`;
        return {
          file,
          message: `order ${alias}: total ${points(Number(order.total_points) + 100)} but its lines sum ${points(order.total_points)}`,
        };
      },
    ],
    [
      "an item's stock (to below zero)",
      () => ({ file: edited('stock.gz', 'items', (row) => ({ ...row, stock: -1 })), message: 'items_stock_not_negative' }),
    ],
    [
      "an order line's item (to one that does not exist)",
      () => ({
        file: edited('line.gz', 'order_lines', (row) => ({ ...row, item_id: '00000000-0000-4000-8000-000000000000' })),
        message: 'order_lines_item_id_items_id_fk',
      }),
    ],
  ])(
    'when %s is edited, then the restore names what does not add up and writes nothing',
    async (_edit, make) => {
      const target = await emptyDatabase();
      const { file, message } = make();

      const refused = restoreBackup(target, file);

      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(message);
      await expectEmpty(target);
    },
    120_000,
  );
});

describe('npm run backup / npm run restore on an embedded DATA_DIR', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const run = (script: 'backup' | 'restore', file: string, dataDir: string) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/ops', `${script}.ts`), file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', NODE_ENV: 'test' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it('when the commands run on a fresh DATA_DIR, then restore fills it, a second restore and a held lock are refused, and backup writes the same rows', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-restore-cli-'));

    const restored = await run('restore', backupFile, dataDir);
    expect(restored).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Restored \d+ rows in \d+ tables from .* in [\d.]+ s\.\n$/),
    });

    const again = await run('restore', backupFile, dataDir);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/The database is not empty/) });

    // A running server holds the lock: its pid (this test process stands for it) is named and nothing is read.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    const locked = await run('backup', fileIn('locked.gz'), dataDir);
    expect(locked).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`in use by another server (process ${process.pid})`),
    });
    writeFileSync(path.join(dataDir, 'server.lock'), '999999999');

    const backedUp = await run('backup', fileIn('cli.gz'), dataDir);
    expect(backedUp).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Backed up \d+ rows in \d+ tables to .*cli\.gz/) });
    const footer = (file: string) =>
      JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n').at(-1)!) as {
        counts: Record<string, number>;
      };
    expect(footer(fileIn('cli.gz')).counts).toEqual(footer(backupFile).counts);

    const missing = await run('restore', fileIn('no-such-file.gz'), mkdtempSync(path.join(tmpdir(), 'rewards-restore-cli-')));
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/Cannot read .*no such file/) });
  }, 400_000);
});
