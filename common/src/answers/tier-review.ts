import { z } from 'zod';
import { TIERS } from '../constants/tiers';
import { amount, calendarDay, count, instant, recordId } from './fields';

export const tierReviewRowAnswer = z.object({
  userId: recordId,
  username: z.string(),
  partyName: z.string(),
  /** INR billed in the quarter (live bills dated in it). */
  billing: amount,
  currentTier: z.enum(TIERS),
  proposedTier: z.enum(TIERS),
});
export type TierReviewRow = z.infer<typeof tierReviewRowAnswer>;

/** GET /api/superadmin/tier-review */
export const tierReviewAnswer = z.object({
  quarter: z.string(),
  from: calendarDay,
  to: calendarDay,
  applied: z.boolean(),
  appliedAt: instant.nullable(),
  rows: z.array(tierReviewRowAnswer),
});
export type TierReview = z.infer<typeof tierReviewAnswer>;

/** POST /api/superadmin/tier-review/apply */
export const tierReviewAppliedAnswer = z.object({ quarter: z.string(), changed: count });
export type TierReviewApplied = z.infer<typeof tierReviewAppliedAnswer>;
