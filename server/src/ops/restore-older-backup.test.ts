import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { knownMigrations, migrateDatabase } from '../db/migrate';
import { hashPassword } from '../lib/passwords';
import { createLogger } from '../lib/logger';
import { createEmptyDatabase, createTestDatabase } from '../test/db';
import { TEST_PASSWORD, uniqueSuffix } from '../test/factories';
import { bearer, loginAs, TEST_JWT_SECRET, TestClock } from '../test/http';
import { expectBalancesEqualLedger } from '../test/ledger';
import { testConfig } from '../test/test-config';
import { BackupError } from './backup-format';
import { appliedMigrationMillis, openSession } from './database-session';
import { restoreBackup } from './restore-backup';
import { writeBackup } from './write-backup';

// Issue 32, point 4: a programme from before points expiry (migration 0013) is backed up, then restored by this
// version: its rows go in at 0013, migration 0014 runs, and every balance is unchanged with its points in one
// lot that never expires. A database of either kind (PostgreSQL on a TEST_DATABASE_URL run).

const BEFORE_LOTS = '0013_sign_in_codes';
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const folder = mkdtempSync(path.join(tmpdir(), 'rewards-older-backup-'));
const opened: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createEmptyDatabase(kind);
  opened.push(handle);
  return handle;
}

async function rows<Row>(handle: DatabaseHandle, text: string): Promise<Row[]> {
  const session = await openSession(handle);
  try {
    return await session.query<Row>(text);
  } finally {
    session.release();
  }
}

/**
 * A programme as a server at migration 0013 left it: a superadmin; a dealer with a bill and an adjustment
 * (250.00 points, 50.00 of them billing), one with none, one whose balance went below zero (-20.00), and a deleted
 * one who kept 30.00. Balances equal their ledgers, as restore's checks demand.
 */
async function programmeBeforeLots(): Promise<{ file: string; dealer: string }> {
  const before = await database();
  await migrateDatabase(before, { upTo: BEFORE_LOTS });
  const hash = await hashPassword(TEST_PASSWORD);
  const dealer = `dealer-${uniqueSuffix()}`;
  const session = await openSession(before);
  try {
    await session.query(
      `insert into users (username, party_name, phone_number, password_hash, user_type, tier, available_points, total_points, deleted_at,
         is_password_reset)
       values ('older-owner', 'Owner', '9829012345', $1, 'superadmin', 'NoTier', 0, 0, null, true),
              ($2, 'Ajmer Traders', '9829012345', $1, 'customer', 'Basic', 25000, 5000, null, true),
              ('older-none', 'Bikaner Traders', '9829012345', $1, 'customer', 'NoTier', 0, 0, null, true),
              ('older-negative', 'Churu Traders', '9829012345', $1, 'customer', 'NoTier', -2000, 0, null, true),
              ('older-deleted', 'Dausa Traders', '9829012345', $1, 'customer', 'NoTier', 3000, 0, now(), true)`,
      [hash, dealer],
    );
    await session.query(
      `insert into bills (bill_number, user_id, bill_date, amount_paise, rate_hundredths, tier, points)
       select 'OLD-1', id, '2026-03-15', 3000000, 60000, 'Basic', 5000 from users where username = $1`,
      [dealer],
    );
    await session.query(
      `insert into points_ledger (user_id, reason, available_delta, total_delta, bill_id, note)
       select u.id, 'bill_entered', 5000, 5000, b.id, null from users u join bills b on b.user_id = u.id where u.username = $1
       union all select id, 'adjustment', 20000, 0, null, 'Welcome' from users where username = $1
       union all select id, 'adjustment', 5000, 0, null, 'Gift' from users where username = 'older-negative'
       union all select id, 'adjustment', -7000, 0, null, 'Correction' from users where username = 'older-negative'
       union all select id, 'adjustment', 3000, 0, null, 'Gift' from users where username = 'older-deleted'`,
      [dealer],
    );
  } finally {
    session.release();
  }
  const file = path.join(folder, 'before-lots.rewards.gz');
  await writeBackup(before, file);
  return { file, dealer };
}

describe('a backup made before points expiry (migration 0013)', () => {
  it('restores into this version with every balance unchanged and its points in lots that never expire', async () => {
    const { file, dealer } = await programmeBeforeLots();
    const target = await database();

    const summary = await restoreBackup(target, file);

    expect(summary.counts.users).toBe(5);
    const session = await openSession(target);
    const applied = await appliedMigrationMillis(session).finally(() => session.release());
    expect(applied).toBe(knownMigrations().at(-1)!.when);
    expect(
      await rows<{ username: string; available: string; total: string }>(
        target,
        `select username, available_points::text as available, total_points::text as total from users order by username`,
      ),
    ).toEqual([
      { username: dealer, available: '25000', total: '5000' },
      { username: 'older-deleted', available: '3000', total: '0' },
      { username: 'older-negative', available: '-2000', total: '0' },
      { username: 'older-none', available: '0', total: '0' },
      { username: 'older-owner', available: '0', total: '0' },
    ]);
    // One lot per customer holding points, without a date; none for a balance at or below zero.
    expect(
      await rows<{ username: string; expires_on: string | null; points_left: string }>(
        target,
        `select u.username, l.expires_on::text, l.points_left::text from point_lots l join users u on u.id = l.user_id
         order by u.username`,
      ),
    ).toEqual([
      { username: dealer, expires_on: null, points_left: '25000' },
      { username: 'older-deleted', expires_on: null, points_left: '3000' },
    ]);
    await expectBalancesEqualLedger(target.db);

    // The programme runs on: the setting is 0, nothing expires, and the dealer's points list no date.
    const app = createApp({
      db: target.db,
      config: testConfig(),
      jwtSecret: TEST_JWT_SECRET,
      logger: createLogger('silent'),
      clock: new TestClock(),
    });
    const owner = await loginAs(app, 'older-owner', TEST_PASSWORD);
    expect((await request(app).get('/api/superadmin/system/points-expiry').set(bearer(owner))).body).toEqual({ months: 0 });
    expect((await request(app).post('/api/superadmin/points-expiry/run').set(bearer(owner))).body).toEqual({
      customers: 0,
      points: 0,
    });
    const points = await request(app)
      .get('/api/user/points')
      .set(bearer(await loginAs(app, dealer, TEST_PASSWORD)));
    expect(points.body).toEqual({ availablePoints: 250, totalPoints: 50, expiring: [] });
  }, 120_000);

  it('is refused by a database already at a newer migration, which is left as it was', async () => {
    const { file } = await programmeBeforeLots();
    const current = await createTestDatabase();
    opened.push(current);
    const before = await rows<{ count: string }>(current, 'select count(*)::text as count from users');

    const refused = restoreBackup(current, file);

    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/made at migration 0013_sign_in_codes and this database is already at a newer one/);
    expect(await rows<{ count: string }>(current, 'select count(*)::text as count from users')).toEqual(before);
  }, 120_000);
});
