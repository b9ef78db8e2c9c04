import {
  currentQuarter,
  fromHundredths,
  kolkataDate,
  ORDER_STATUSES,
  startOfKolkataDay,
  TIERS,
  toHundredths,
  type Overview,
  type OverviewMonth,
} from '@app/common';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readSettings } from '../settings/settings.service';
import {
  billingByMonth,
  customersByTier,
  customersMeeting,
  ledgerByMonth,
  ordersByMonth,
  ordersByStatus,
} from './overview.repository';

type OverviewContext = { db: Db; config: Config; now: Date };

const pad = (value: number) => String(value).padStart(2, '0');

/** The last `count` calendar months in Asia/Kolkata up to the one running now, oldest first ('YYYY-MM'). */
function lastMonths(now: Date, count: number): string[] {
  const [year = 0, month = 1] = kolkataDate(now).split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const shifted = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
  });
}

function monthAfter(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year, number, 1));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}`;
}

/** The window's calendar days (bills) and instants (ledger, orders), both from 00:00 IST of its first day. */
function windowOf(months: string[]) {
  const first = `${months[0]}-01`;
  const afterLast = `${monthAfter(months[months.length - 1]!)}-01`;
  const lastDay = kolkataDate(new Date(startOfKolkataDay(afterLast).getTime() - 1));
  return { firstDay: first, lastDay, from: startOfKolkataDay(first), to: startOfKolkataDay(afterLast) };
}

/** GET /api/admin/overview?months=N: the programme month by month, orders, tiers, and this quarter's standing. */
export async function getOverview(context: OverviewContext, monthCount: number): Promise<Overview> {
  const { db, now } = context;
  const months = lastMonths(now, monthCount);
  const window = windowOf(months);
  const quarter = currentQuarter(now);
  const { tierBillingRequirements } = await readSettings(db, context.config, ['tierBillingRequirements'] as const);

  const [billing, ledger, placed, statuses, tiers, meeting] = await Promise.all([
    billingByMonth(db, window.firstDay, window.lastDay),
    ledgerByMonth(db, window),
    ordersByMonth(db, window),
    ordersByStatus(db),
    customersByTier(db),
    customersMeeting(
      db,
      quarter.from,
      quarter.to,
      TIERS.map((tier) => ({ tier, paise: toHundredths(tierBillingRequirements[tier]) })),
    ),
  ]);

  const billingOf = new Map(billing.map((row) => [row.month, row.paise]));
  const ledgerOf = new Map(ledger.map((row) => [row.month, row]));
  const ordersOf = new Map(placed.map((row) => [row.month, row.orders]));
  return {
    months: months.map((month): OverviewMonth => ({
      month,
      billing: fromHundredths(billingOf.get(month) ?? 0),
      pointsIssued: fromHundredths(ledgerOf.get(month)?.billPoints ?? 0),
      // Order entries are debits (placed) and credits (cancelled): redeemed is their net, as a positive number.
      pointsRedeemed: fromHundredths(-(ledgerOf.get(month)?.orderPoints ?? 0)),
      pointsExpired: fromHundredths(-(ledgerOf.get(month)?.expiredPoints ?? 0)),
      pointsBonus: fromHundredths(ledgerOf.get(month)?.bonusPoints ?? 0),
      orders: ordersOf.get(month) ?? 0,
    })),
    ordersByStatus: Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, statuses.find((row) => row.status === status)?.orders ?? 0]),
    ) as Overview['ordersByStatus'],
    customersByTier: Object.fromEntries(
      TIERS.map((tier) => [tier, tiers.find((row) => row.tier === tier)?.customers ?? 0]),
    ) as Overview['customersByTier'],
    quarter: {
      quarter: quarter.id,
      tiers: TIERS.map((tier) => ({
        tier,
        requirement: tierBillingRequirements[tier],
        customersMeeting: meeting[tier] ?? 0,
      })),
    },
  };
}
