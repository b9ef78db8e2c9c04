import { fromHundredths, kolkataDate, type PointsExpiryRun } from '@app/common';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { recordAudit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import { customersWithDueLots, expireDueLots, expiringLots, lockCustomers, takeDueReminders } from './points-expiry.repository';

// Contract "points expiry": the run that takes points past their date from the balances, and the reminders
// before a date. Work in batches, each its own short transaction: checkouts of the customers of one batch wait
// for it (they take the same row locks) for milliseconds, never for the whole run.

/** Customers per batch of the run: one transaction locks this many rows for a few milliseconds each. */
const RUN_BATCH = 1_000;
/** Reminders written per transaction. */
const REMINDER_BATCH = 1_000;
/** How long before a date customers are reminded of points expiring on it. */
export const REMINDER_DAYS = 30;
/** The next expiry dates `GET /api/user/points` lists. */
const EXPIRING_DATES = 3;

export type ExpiryContext = { db: Db; config: Config; delivery: Delivery; now: Date };

const addDays = (date: string, days: number) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/**
 * One run: every lot dated before today (Asia/Kolkata) with points left is emptied, one `points_expired` entry
 * and one notification per customer; then customers with points expiring within REMINDER_DAYS are reminded, once
 * per date. Safe to run twice or on two servers at once: a customer's lots are emptied under their row lock, so
 * the second finds nothing. `afterBatch` is called between batches (the scheduler keeps its claim with it).
 * Answers the customers and points (hundredths) this run expired.
 */
export async function runExpiry(
  context: ExpiryContext,
  afterBatch: () => Promise<void> = async () => {},
): Promise<{ customers: number; points: number }> {
  const { db, delivery } = context;
  const today = kolkataDate(context.now);
  const totals = { customers: 0, points: 0 };
  for (let after: string | null = null; ;) {
    const batch = await customersWithDueLots(db, today, after, RUN_BATCH);
    if (batch.length === 0) break;
    const expired = await inTransaction(db, async (tx) => {
      await lockCustomers(tx, batch);
      const rows = await expireDueLots(tx, batch, today);
      await notifyUsers(
        tx,
        delivery,
        rows.map((row) => ({
          userId: row.userId,
          type: 'points_expired' as const,
          params: { points: fromHundredths(row.points), on: row.on, availablePoints: fromHundredths(row.availablePoints) },
        })),
      );
      return rows;
    });
    totals.customers += expired.length;
    totals.points += expired.reduce((sum, row) => sum + row.points, 0);
    after = batch.at(-1)!;
    await afterBatch();
  }
  const until = addDays(today, REMINDER_DAYS);
  for (;;) {
    const sent = await inTransaction(db, async (tx) => {
      const reminders = await takeDueReminders(tx, today, until, REMINDER_BATCH);
      await notifyUsers(
        tx,
        delivery,
        reminders.map((reminder) => ({
          userId: reminder.userId,
          type: 'points_expiring' as const,
          params: { points: fromHundredths(reminder.points), on: reminder.on },
        })),
      );
      return reminders.length;
    });
    if (sent < REMINDER_BATCH) break;
    await afterBatch();
  }
  return totals;
}

/** POST /api/superadmin/points-expiry/run (superadmin): a run now, audited; answers what it expired. */
export async function runExpiryNow(context: ExpiryContext, actorId: string): Promise<PointsExpiryRun> {
  const totals = await runExpiry(context);
  const answer = { customers: totals.customers, points: fromHundredths(totals.points) };
  await recordAudit(context.db, {
    actorId,
    action: 'points.expiry_run',
    entity: 'points_expiry',
    entityId: kolkataDate(context.now),
    after: answer,
  });
  return answer;
}

/** The `expiring` of GET /api/user/points: the next dates with points left, soonest first. */
export async function readExpiring(db: Db, userId: string, now: Date): Promise<{ points: number; on: string }[]> {
  const rows = await expiringLots(db, userId, kolkataDate(now), EXPIRING_DATES);
  return rows.map((row) => ({ points: fromHundredths(row.points), on: row.on! }));
}
