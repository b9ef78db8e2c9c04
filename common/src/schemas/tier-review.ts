import { z } from 'zod';
import type { Tier } from '../constants/tiers';
import { QUARTER_ID } from '../rules/quarters';

// Contract "Beyond the spec: … tier review".

const quarterIdSchema = z
  .string({ error: 'Quarter is required (YYYY-Qn)' })
  .trim()
  .regex(QUARTER_ID, 'Quarter must look like 2026-Q3, with a year from 2000 to 2999');

export const tierReviewQuerySchema = z.object({ quarter: quarterIdSchema.optional() });
export const applyTierReviewSchema = z.object({ quarter: quarterIdSchema });
export type ApplyTierReviewInput = z.infer<typeof applyTierReviewSchema>;

export type TierReviewRow = {
  userId: string;
  username: string;
  partyName: string;
  /** INR billed in the quarter (live bills dated in it). */
  billing: number;
  currentTier: Tier;
  proposedTier: Tier;
};

export type TierReview = {
  quarter: string;
  from: string;
  to: string;
  applied: boolean;
  appliedAt: string | null;
  rows: TierReviewRow[];
};

export type TierReviewApplied = { quarter: string; changed: number };
