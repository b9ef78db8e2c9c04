import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { pointLots, pointsExpiryReminders, pointsExpiryRuns, pointsLedger, users } from '../../db/schema';

// Contract "points expiry": the run that empties lots past their date into one `points_expired` entry per
// customer, and the reminders sent 30 days before a date.

/**
 * Up to `limit` customers after `after` (in id order) with points left in a lot whose date is before `today`:
 * read from the lots' (user, expiry) index in user order, so the batches of one run read each lot once.
 */
export async function customersWithDueLots(db: DbOrTx, today: string, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: pointLots.userId })
    .from(pointLots)
    .where(
      and(gt(pointLots.pointsLeft, 0), lt(pointLots.expiresOn, today), after === null ? undefined : gt(pointLots.userId, after)),
    )
    .orderBy(asc(pointLots.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** Locks the customers' rows in id order (the lock every change of a balance takes first). */
export async function lockCustomers(db: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id)).for('update');
}

export type ExpiredPoints = { userId: string; points: number; on: string; availablePoints: number };

/**
 * Empties the locked customers' lots dated before `today` and takes their points from the balances, one
 * `points_expired` entry per customer whose note is the dates (`2027-03-31, 2027-04-30`: data, the same in every
 * language; the latest is the notification's `on`), in one statement. A balance never
 * goes below zero: the points taken are at most what the balance holds (the lots never hold more).
 */
export async function expireDueLots(db: DbOrTx, userIds: string[], today: string): Promise<ExpiredPoints[]> {
  if (userIds.length === 0) return [];
  // The lots' sums are read and the lots emptied by two parts of one statement that see the same rows: the
  // customers are locked, so nothing else changes their lots meanwhile. (An UPDATE … FROM a subquery of the same
  // table was planned as a scan of every lot: 160 ms a batch at a million lots, against 30 ms.)
  const due = sql`${pointLots.userId} in ${userIds} and ${pointLots.pointsLeft} > 0 and ${pointLots.expiresOn} < ${today}`;
  const result = await db.execute(sql`
    with due as (
      select ${pointLots.userId} as user_id, sum(${pointLots.pointsLeft}) as points,
        max(${pointLots.expiresOn})::text as on_date,
        string_agg(distinct ${pointLots.expiresOn}::text, ', ' order by ${pointLots.expiresOn}::text) as dates
      from ${pointLots} where ${due}
      group by ${pointLots.userId}
    ), emptied as (
      update ${pointLots} set points_left = 0 where ${due}
    ), per_customer as (
      select due.user_id, least(due.points, greatest(${users.availablePoints}, 0)) as points, due.on_date, due.dates
      from due join ${users} on ${users.id} = due.user_id
      where ${users.id} in ${userIds}
    ), balances as (
      update ${users} set available_points = ${users.availablePoints} - per_customer.points, updated_at = now()
      from per_customer where ${users.id} = per_customer.user_id and per_customer.points > 0
      returning ${users.id} as user_id, ${users.availablePoints} as available_points
    ), entries as (
      insert into ${pointsLedger} (user_id, reason, available_delta, total_delta, actor_id, note)
      select user_id, 'points_expired', -points, 0, null, dates
      from per_customer where points > 0
    )
    select balances.user_id, per_customer.points, per_customer.on_date, balances.available_points
    from balances join per_customer on per_customer.user_id = balances.user_id`);
  return rowsOf<{ user_id: string; points: string | number; on_date: string; available_points: string | number }>(result).map(
    (row) => ({
      userId: row.user_id,
      points: Number(row.points),
      on: row.on_date,
      availablePoints: Number(row.available_points),
    }),
  );
}

/**
 * Claims the day's scheduled run for `server` until `until`: answers true when this server is to run it (no
 * server has, none is running it, or the one that was has let its claim lapse: it died or stopped).
 */
export async function claimDailyRun(db: DbOrTx, day: string, server: string, until: Date): Promise<boolean> {
  const claimed = await db
    .insert(pointsExpiryRuns)
    .values({ day, claimedBy: server, claimedUntil: until })
    .onConflictDoUpdate({
      target: pointsExpiryRuns.day,
      set: { claimedBy: server, claimedUntil: until },
      setWhere: sql`${pointsExpiryRuns.finishedAt} is null and ${pointsExpiryRuns.claimedUntil} < now()`,
    })
    .returning({ day: pointsExpiryRuns.day });
  return claimed.length > 0;
}

/** Keeps the claim while the run goes on. */
export async function extendDailyRun(db: DbOrTx, day: string, server: string, until: Date): Promise<void> {
  await db
    .update(pointsExpiryRuns)
    .set({ claimedUntil: until })
    .where(and(eq(pointsExpiryRuns.day, day), eq(pointsExpiryRuns.claimedBy, server)));
}

/** Records the day's run as done, with what it expired (added to what an earlier, interrupted attempt did). */
export async function finishDailyRun(db: DbOrTx, day: string, totals: { customers: number; points: number }): Promise<void> {
  await db
    .update(pointsExpiryRuns)
    .set({
      finishedAt: sql`now()`,
      customers: sql`${pointsExpiryRuns.customers} + ${totals.customers}`,
      points: sql`${pointsExpiryRuns.points} + ${totals.points}`,
    })
    .where(eq(pointsExpiryRuns.day, day));
}

export type DueReminder = { userId: string; on: string; points: number };

/**
 * Reminders not yet sent for dates from `today` to `until` with points left, recorded as sent in the same
 * statement (once per customer and date, even when two servers run it at once: the primary key decides).
 */
export async function takeDueReminders(db: DbOrTx, today: string, until: string, limit: number): Promise<DueReminder[]> {
  const result = await db.execute(sql`
    with due as (
      select ${pointLots.userId} as user_id, ${pointLots.expiresOn} as on_date, sum(${pointLots.pointsLeft}) as points
      from ${pointLots}
      where ${pointLots.pointsLeft} > 0 and ${pointLots.expiresOn} >= ${today} and ${pointLots.expiresOn} <= ${until}
        and not exists (
          select 1 from ${pointsExpiryReminders}
          where ${pointsExpiryReminders.userId} = ${pointLots.userId} and ${pointsExpiryReminders.expiresOn} = ${pointLots.expiresOn}
        )
      group by ${pointLots.userId}, ${pointLots.expiresOn}
      order by ${pointLots.userId}, ${pointLots.expiresOn}
      limit ${limit}
    ), sent as (
      insert into ${pointsExpiryReminders} (user_id, expires_on)
      select user_id, on_date from due
      on conflict do nothing
      returning user_id, expires_on
    )
    select due.user_id, due.on_date::text as on_date, due.points
    from due join sent on sent.user_id = due.user_id and sent.expires_on = due.on_date`);
  return rowsOf<{ user_id: string; on_date: string; points: string | number }>(result).map((row) => ({
    userId: row.user_id,
    on: row.on_date,
    points: Number(row.points),
  }));
}

/**
 * A customer's next expiry dates from `today` with points left, soonest first (contract: `expiring`). Points of a
 * date already past leave with the next run, within the day.
 */
export async function expiringLots(db: DbOrTx, userId: string, today: string, limit: number) {
  return db
    .select({ on: pointLots.expiresOn, points: sql<number>`sum(${pointLots.pointsLeft})`.mapWith(Number) })
    .from(pointLots)
    .where(and(eq(pointLots.userId, userId), gt(pointLots.pointsLeft, 0), gte(pointLots.expiresOn, today)))
    .groupBy(pointLots.expiresOn)
    .orderBy(asc(pointLots.expiresOn))
    .limit(limit);
}
