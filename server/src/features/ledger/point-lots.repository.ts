import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { pointLots, pointLotSpends, users } from '../../db/schema';

// Contract "points expiry": the lots behind a customer's available points. Every statement here runs under the
// customer's row lock (the one every change of their balances takes), so a customer's lots change one at a time.

/** What a change of availablePoints does to the customer's lots: the points in lots follow max(0, balance). */
export type LotChange = {
  userId: string;
  /** Points added to (positive) or taken from (negative) the customer's lots. */
  points: number;
  /** A credit's expiry date (null: never). */
  expiresOn: string | null;
  /** The bill whose points these are: a credit's lot belongs to it, a debit takes from its lots first. */
  billId?: string;
  /** An order's points: a debit records the lots it took, a credit (its cancellation) gives them back. */
  orderId?: string;
  /** The change gives back what `orderId` took (a cancellation) rather than starting a new lot. */
  givesBackOrder: boolean;
};

/** How many points of a balance change reach the lots: the lots hold max(0, availablePoints), never less or more. */
export function pointsForLots(availableBefore: number, availableDelta: number): number {
  return Math.max(0, availableBefore + availableDelta) - Math.max(0, availableBefore);
}

/**
 * The lots a debit of `amount` takes from, each with how much: soonest expiry first (never last), a bill's own
 * lots before any when `billId` is given, then oldest. Read twice in one checkout statement (the spends and the
 * update see the same snapshot), so the order is total (the id breaks ties).
 */
function lotsToTake(userId: string, amount: number, billId: string | undefined): SQL {
  const ownFirst = billId ? sql`coalesce(${pointLots.billId} = ${billId}, false) desc, ` : sql``;
  return sql`(
    select id, least(points_left, ${amount}::bigint - (running - points_left)) as take
    from (
      select ${pointLots.id} as id, ${pointLots.pointsLeft} as points_left,
        sum(${pointLots.pointsLeft}) over (
          order by ${ownFirst}${pointLots.expiresOn} asc nulls last, ${pointLots.createdAt}, ${pointLots.id}
        ) as running
      from ${pointLots}
      where ${pointLots.userId} = ${userId} and ${pointLots.pointsLeft} > 0
    ) ordered
    where running - points_left < ${amount}::bigint
  )`;
}

/**
 * The spends of an order a cancellation gives back, up to `amount`: latest expiry first (when a balance below
 * zero keeps part of the refund out of the lots, the part given back is the one that lasts longest).
 */
function spendsToGiveBack(orderId: string, amount: number): SQL {
  return sql`(
    select lot_id, least(points, ${amount}::bigint - (running - points)) as give
    from (
      select ${pointLotSpends.lotId} as lot_id, ${pointLotSpends.points} as points,
        sum(${pointLotSpends.points}) over (order by ${pointLots.expiresOn} desc nulls first, ${pointLots.id}) as running
      from ${pointLotSpends} join ${pointLots} on ${pointLots.id} = ${pointLotSpends.lotId}
      where ${pointLotSpends.orderId} = ${orderId}
    ) ordered
    where running - points < ${amount}::bigint
  )`;
}

/**
 * The statements of a lot change, unexecuted: none, one or two. They may run one after the other in the caller's
 * transaction or together as data-modifying CTEs of one statement (checkout): written so both give the same
 * result (an order's spends are recorded from the same reading as the debit, before it).
 */
export function lotChangeStatements(change: LotChange): SQL[] {
  const { userId, points, billId, orderId } = change;
  if (points === 0) return [];
  if (points < 0) {
    const taken = lotsToTake(userId, -points, billId);
    const take = sql`update ${pointLots} set points_left = ${pointLots.pointsLeft} - taken.take
      from ${taken} taken where ${pointLots.id} = taken.id`;
    if (!orderId) return [take];
    const spend = sql`insert into ${pointLotSpends} (order_id, lot_id, points)
      select ${orderId}, taken.id, taken.take from ${lotsToTake(userId, -points, billId)} taken`;
    return [spend, take];
  }
  if (change.givesBackOrder && orderId) {
    // The very lots the order took, with their dates; what the order took before lots existed goes to a lot that
    // never expires, like the opening lot it came from.
    const giveBack = sql`update ${pointLots} set points_left = ${pointLots.pointsLeft} + given.give
      from ${spendsToGiveBack(orderId, points)} given where ${pointLots.id} = given.lot_id`;
    const rest = sql`insert into ${pointLots} (user_id, expires_on, points_left)
      select ${userId}, null, ${points}::bigint - coalesce(sum(${pointLotSpends.points}), 0)
      from ${pointLotSpends} where ${pointLotSpends.orderId} = ${orderId}
      having ${points}::bigint - coalesce(sum(${pointLotSpends.points}), 0) > 0`;
    return [giveBack, rest];
  }
  return [
    sql`insert into ${pointLots} (user_id, bill_id, expires_on, points_left)
      values (${userId}, ${billId ?? null}, ${change.expiresOn}, ${points})`,
  ];
}

/** Runs a lot change's statements in order (outside checkout, which runs them inside its own statement). */
export async function changeLots(db: DbOrTx, change: LotChange): Promise<void> {
  for (const statement of lotChangeStatements(change)) await db.execute(statement);
}

/**
 * Users whose lots do not hold max(0, availablePoints) (contract "points expiry": none, ever). Checked with
 * findUsersOffTheirLedger wherever balances are checked against the ledger.
 */
export async function findUsersOffTheirLots(db: DbOrTx): Promise<{ username: string }[]> {
  const result = await db.execute(sql`
    select ${users.username} as username
    from ${users} left join (
      select user_id, sum(points_left) as points from ${pointLots} group by user_id
    ) lots on lots.user_id = ${users.id}
    where greatest(0, ${users.availablePoints}) <> coalesce(lots.points, 0)`);
  return rowsOf<{ username: string }>(result);
}
