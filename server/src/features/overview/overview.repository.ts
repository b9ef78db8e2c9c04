import { BILL_LEDGER_TYPES, ORDER_LEDGER_TYPES, type LedgerType, type OrderStatus, type Tier } from '@app/common';
import { and, count, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bills, orders, pointsLedger, users } from '../../db/schema';

// Every figure of the overview is one grouped query (a handful of rows back, whatever the number of
// customers): the database sums, the server only lays the rows out.

/** 'YYYY-MM' of an instant in Asia/Kolkata (UTC+05:30 all year, as common/src/rules/quarters.ts explains). */
const kolkataMonth = (column: typeof pointsLedger.createdAt | typeof orders.createdAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM')`;

export type InstantRange = { from: Date; to: Date };

/** INR of live bills by the month they are dated in (hundredths), bill dates from `from` to `to` inclusive. */
export async function billingByMonth(db: DbOrTx, from: string, to: string) {
  const month = sql<string>`to_char(${bills.billDate}::date, 'YYYY-MM')`;
  return db
    .select({ month, paise: sql<number>`sum(${bills.amountPaise})`.mapWith(Number) })
    .from(bills)
    .where(and(isNull(bills.deletedAt), gte(bills.billDate, from), lte(bills.billDate, to)))
    .groupBy(month);
}

const EXPIRED = ['points_expired'] as const satisfies readonly LedgerType[];
const BONUS = ['campaign_bonus'] as const satisfies readonly LedgerType[];
/** The points of the entries of these types (typed: a misspelt type does not compile, where it would sum nothing). */
const pointsOf = (types: readonly LedgerType[]) =>
  sql<number>`coalesce(sum(${pointsLedger.availableDelta}) filter (where ${inArray(pointsLedger.reason, [...types])}), 0)`.mapWith(
    Number,
  );

/** Points moved by bill, order, expiry and campaign bonus entries, by month of the entry (hundredths, signed). */
export async function ledgerByMonth(db: DbOrTx, range: InstantRange) {
  const month = kolkataMonth(pointsLedger.createdAt);
  return db
    .select({
      month,
      billPoints: pointsOf(BILL_LEDGER_TYPES),
      orderPoints: pointsOf(ORDER_LEDGER_TYPES),
      expiredPoints: pointsOf(EXPIRED),
      bonusPoints: pointsOf(BONUS),
    })
    .from(pointsLedger)
    .where(
      and(
        gte(pointsLedger.createdAt, range.from),
        lt(pointsLedger.createdAt, range.to),
        inArray(pointsLedger.reason, [...BILL_LEDGER_TYPES, ...ORDER_LEDGER_TYPES, ...EXPIRED, ...BONUS]),
      ),
    )
    .groupBy(month);
}

/** Orders placed, by month. */
export async function ordersByMonth(db: DbOrTx, range: InstantRange) {
  const month = kolkataMonth(orders.createdAt);
  return db
    .select({ month, orders: count() })
    .from(orders)
    .where(and(gte(orders.createdAt, range.from), lt(orders.createdAt, range.to)))
    .groupBy(month);
}

/** Every order there is, by status. */
export async function ordersByStatus(db: DbOrTx): Promise<{ status: OrderStatus; orders: number }[]> {
  return db.select({ status: orders.status, orders: count() }).from(orders).groupBy(orders.status);
}

const liveCustomer = and(eq(users.userType, 'customer'), isNull(users.deletedAt));

/** Live customers by tier. */
export async function customersByTier(db: DbOrTx): Promise<{ tier: Tier; customers: number }[]> {
  return db.select({ tier: users.tier, customers: count() }).from(users).where(liveCustomer).groupBy(users.tier);
}

/**
 * For each requirement (hundredths), how many live customers billed at least that much between two calendar
 * days (inclusive): one pass over the quarter's bills, one count per tier.
 */
export async function customersMeeting(
  db: DbOrTx,
  from: string,
  to: string,
  requirements: { tier: Tier; paise: number }[],
): Promise<Record<string, number>> {
  const billing = db
    .select({ userId: bills.userId, paise: sql<number>`sum(${bills.amountPaise})`.as('paise') })
    .from(bills)
    .where(and(isNull(bills.deletedAt), gte(bills.billDate, from), lte(bills.billDate, to)))
    .groupBy(bills.userId)
    .as('billing');
  const columns = Object.fromEntries(
    requirements.map(({ tier, paise }) => [
      tier,
      sql<number>`count(*) filter (where coalesce(${billing.paise}, 0) >= ${paise})`.mapWith(Number),
    ]),
  );
  const [row] = await db.select(columns).from(users).leftJoin(billing, eq(billing.userId, users.id)).where(liveCustomer);
  return row ?? {};
}
