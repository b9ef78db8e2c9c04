import { z } from 'zod';
import { QUARTER_ID } from '../rules/quarters';

// Contract "Beyond the spec: … tier review".

const quarterIdSchema = z
  .string({ error: 'Quarter is required (YYYY-Qn)' })
  .trim()
  .regex(QUARTER_ID, 'Quarter must look like 2026-Q3, with a year from 2000 to 2999');

export const tierReviewQuerySchema = z.object({ quarter: quarterIdSchema.optional() });
export const applyTierReviewSchema = z.object({ quarter: quarterIdSchema });
export type ApplyTierReviewInput = z.infer<typeof applyTierReviewSchema>;
