import { z } from 'zod';
import type { OrderStatus } from '../constants/order-status';
import type { Tier } from '../constants/tiers';

// Contract "Beyond the spec: running the programme", Overview.

export const OVERVIEW_MONTHS_MAX = 24;
export const OVERVIEW_MONTHS_DEFAULT = 12;

/** GET /api/admin/overview?months=N: 1 to 24 months, 12 when absent. */
export const overviewQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'Months must be a whole number from 1 to 24' })
    .int('Months must be a whole number from 1 to 24')
    .min(1, 'Months must be a whole number from 1 to 24')
    .max(OVERVIEW_MONTHS_MAX, 'Months must be a whole number from 1 to 24')
    .default(OVERVIEW_MONTHS_DEFAULT),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** One calendar month in Asia/Kolkata. Amounts in INR, points with 2 decimals. */
export type OverviewMonth = {
  /** 'YYYY-MM' */
  month: string;
  /** Live bills dated in the month. */
  billing: number;
  /** The month's bill ledger entries (entered, edited, deleted), summed. */
  pointsIssued: number;
  /** Points spent on orders placed in the month minus points given back by cancellations in it. */
  pointsRedeemed: number;
  /** Orders placed in the month. */
  orders: number;
};

export type OverviewQuarterTier = {
  tier: Tier;
  /** INR of billing the tier needs in a quarter (settings). */
  requirement: number;
  /** Live customers whose billing this quarter meets the requirement. */
  customersMeeting: number;
};

export type Overview = {
  /** Oldest first, every month present. */
  months: OverviewMonth[];
  ordersByStatus: Record<OrderStatus, number>;
  customersByTier: Record<Tier, number>;
  quarter: { quarter: string; tiers: OverviewQuarterTier[] };
};
