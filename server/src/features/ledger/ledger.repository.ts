import type { LedgerType } from '@app/common';
import { and, count, desc, eq, getTableColumns, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { named, snapshotRows } from '../../db/snapshot-rows';
import { pointsLedger, users } from '../../db/schema';
import { changeLots, lotChangeStatements, pointsForLots, type LotChange } from './point-lots.repository';

/** One change of a customer's balances (hundredths of a point), as the services say it. */
export type BalanceChange = {
  userId: string;
  type: LedgerType;
  /** Added to availablePoints (negative takes away). */
  availableDelta: number;
  /** Added to totalPoints: bills only (contract: totalPoints is the sum of the bill entries). */
  totalDelta: number;
  actorId: string | null;
  billId?: string;
  orderId?: string;
  note?: string;
  /** availablePoints before the change, as read under the user's lock: the lots follow max(0, balance). */
  availableBefore: number;
  /** When a credit's points expire (contract "points expiry"; null or absent: never). */
  expiresOn?: string | null;
};

/** The ledger row of a change: its type is the entry's reason. */
function ledgerRow({ type, userId, availableDelta, totalDelta, actorId, billId, orderId, note }: BalanceChange) {
  return {
    reason: type,
    userId,
    availableDelta,
    totalDelta,
    actorId,
    billId,
    orderId,
    note,
  } satisfies typeof pointsLedger.$inferInsert;
}

/** What the change does to the user's lots (point-lots.repository.ts). */
function lotChangeOf(change: BalanceChange): LotChange {
  return {
    userId: change.userId,
    points: pointsForLots(change.availableBefore, change.availableDelta),
    expiresOn: change.expiresOn ?? null,
    billId: change.billId,
    orderId: change.orderId,
    givesBackOrder: change.type === 'order_cancelled',
  };
}

/** A live user's row, locked (FOR UPDATE) so that changes of their balances happen one at a time. */
export async function lockLiveUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** Any user's row (a deleted customer's too: a cancelled order still refunds them), locked like lockLiveUser. */
export async function lockUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/**
 * The statements of a balance change (the balances, the entry, then its lots), unexecuted, for a caller that runs
 * them as data-modifying CTEs within its own statement (checkout). Same columns as addToBalancesWithEntry.
 */
export function balanceChangeStatements(db: DbOrTx, change: BalanceChange): SQLWrapper[] {
  const entry = ledgerRow(change);
  return [
    db
      .update(users)
      .set({
        availablePoints: sql`${users.availablePoints} + ${entry.availableDelta}`,
        totalPoints: sql`${users.totalPoints} + ${entry.totalDelta}`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, entry.userId)),
    db.insert(pointsLedger).values(entry),
    ...lotChangeStatements(lotChangeOf(change)),
  ];
}

/**
 * Adds the entry's deltas to its user's balances (hundredths) and writes the entry, in one statement (a
 * data-modifying CTE: one round trip instead of two on every change of points); answers the entry and the
 * balances as they are now. The caller holds the user's lock.
 */
export async function addToBalancesWithEntry(db: DbOrTx, change: BalanceChange) {
  const entry = ledgerRow(change);
  const balance = db.$with('balance').as(
    db
      .update(users)
      .set({
        availablePoints: sql`${users.availablePoints} + ${entry.availableDelta}`,
        totalPoints: sql`${users.totalPoints} + ${entry.totalDelta}`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, entry.userId))
      .returning({ availablePoints: users.availablePoints, totalPoints: users.totalPoints }),
  );
  const [row] = await db
    .with(balance)
    .insert(pointsLedger)
    .values(entry)
    .returning({
      ...getTableColumns(pointsLedger),
      availablePointsNow: sql<number | null>`(select ${balance.availablePoints} from ${balance})`.mapWith(Number),
      totalPointsNow: sql<number | null>`(select ${balance.totalPoints} from ${balance})`.mapWith(Number),
    });
  const { availablePointsNow, totalPointsNow, ...written } = row!;
  // No balance row came back: the user does not exist (callers lock it first, so this is a bug, not input).
  if (availablePointsNow === null || totalPointsNow === null) throw new Error(`no user ${entry.userId} to change the balance of`);
  await changeLots(db, lotChangeOf(change));
  return { entry: written, balances: { availablePoints: availablePointsNow, totalPoints: totalPointsNow } };
}

const actors = alias(users, 'actors');

/**
 * A user's ledger, newest first, each entry with the balance just after it (a running sum in the order the
 * entries were written) and who made it; and how many entries there are.
 */
export async function listLedger(db: DbOrTx, userId: string, window: { limit: number; offset: number }) {
  const running = db
    .select({
      id: pointsLedger.id,
      seq: pointsLedger.seq,
      availableAfter: sql<number>`sum(${pointsLedger.availableDelta}) over (order by ${pointsLedger.seq})`
        .mapWith(Number)
        .as('available_after'),
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .as('running');
  const rows = await db
    .select({ entry: pointsLedger, availableAfter: running.availableAfter, actor: { id: actors.id, username: actors.username } })
    .from(pointsLedger)
    .innerJoin(running, eq(running.id, pointsLedger.id))
    .leftJoin(actors, eq(actors.id, pointsLedger.actorId))
    .orderBy(desc(pointsLedger.seq))
    .limit(window.limit)
    .offset(window.offset);
  const [totals] = await db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId));
  return { rows, total: totals?.total ?? 0 };
}

/** Who made an adjustment, as a ledger entry names them. */
export async function findActor(db: DbOrTx, actorId: string) {
  const [actor] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, actorId));
  return actor;
}

/** Whose ledger an export reads: any user, a deleted one too (their ledger stays for audit). */
export async function findLedgerOwner(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * A user's ledger newest first as it stands when reading begins, in slices, with who made each entry and the
 * balance after it (the running sum up to it, in the same statement: one consistent state; exports).
 */
export function snapshotLedger(db: Db, userId: string) {
  const fields = named({
    reason: pointsLedger.reason,
    availableDelta: pointsLedger.availableDelta,
    totalDelta: pointsLedger.totalDelta,
    availableAfter: sql<number>`sum(${pointsLedger.availableDelta}) over (order by ${pointsLedger.seq})`.mapWith(Number),
    note: pointsLedger.note,
    createdAt: pointsLedger.createdAt,
    actor: actors.username,
  });
  const query = db
    .select(fields)
    .from(pointsLedger)
    .leftJoin(actors, eq(actors.id, pointsLedger.actorId))
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.seq));
  return snapshotRows(db, query, fields);
}

/**
 * Users whose balances differ from their ledger's sums (contract "Domain rules": none, ever). The tests check it
 * after every scenario that moves points, the demo after writing its programme.
 */
export async function findUsersOffTheirLedger(db: DbOrTx): Promise<{ username: string }[]> {
  return db
    .select({ username: users.username })
    .from(users)
    .leftJoin(
      sql`(select user_id, sum(available_delta) as available, sum(total_delta) as total from ${pointsLedger} group by user_id) as sums`,
      sql`sums.user_id = ${users.id}`,
    )
    .where(sql`${users.availablePoints} <> coalesce(sums.available, 0) or ${users.totalPoints} <> coalesce(sums.total, 0)`);
}
