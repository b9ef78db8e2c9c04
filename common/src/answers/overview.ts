import { z } from 'zod';
import { ORDER_STATUSES } from '../constants/order-status';
import { TIERS } from '../constants/tiers';
import { amount, count } from './fields';

/** One calendar month in Asia/Kolkata. Amounts in INR, points with 2 decimals. */
export const overviewMonthAnswer = z.object({
  /** 'YYYY-MM' */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Live bills dated in the month. */
  billing: amount,
  /** The month's bill ledger entries (entered, edited, deleted), summed. */
  pointsIssued: amount,
  /** Points spent on orders placed in the month minus points given back by cancellations in it. */
  pointsRedeemed: amount,
  /** Orders placed in the month. */
  orders: count,
  /** Points that expired in the month (contract "points expiry"), as a positive number. */
  pointsExpired: amount,
  /** Campaign bonus points credited in the month, less those taken back. */
  pointsBonus: amount,
});
export type OverviewMonth = z.infer<typeof overviewMonthAnswer>;

export const overviewQuarterTierAnswer = z.object({
  tier: z.enum(TIERS),
  /** INR of billing the tier needs in a quarter (settings). */
  requirement: amount,
  /** Live customers whose billing this quarter meets the requirement. */
  customersMeeting: count,
});
export type OverviewQuarterTier = z.infer<typeof overviewQuarterTierAnswer>;

/** GET /api/admin/overview */
export const overviewAnswer = z.object({
  /** Oldest first, every month present. */
  months: z.array(overviewMonthAnswer),
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), count),
  customersByTier: z.record(z.enum(TIERS), count),
  quarter: z.object({ quarter: z.string(), tiers: z.array(overviewQuarterTierAnswer) }),
});
export type Overview = z.infer<typeof overviewAnswer>;
