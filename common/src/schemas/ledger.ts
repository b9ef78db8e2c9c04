import { z } from 'zod';
import { pagedListQuery, singleLineText, storedAmount } from './fields';

// Contract "Beyond the spec: ledger, adjustments, tier review".

export const listLedgerQuerySchema = pagedListQuery();
export type ListLedgerQuery = z.infer<typeof listLedgerQuerySchema>;

/** The largest adjustment either way: 10 crore points. */
export const MAX_ADJUSTMENT_POINTS = 100_000_000;

/** A signed, non-zero amount with 2 decimals at most, and why (3–200 characters). */
export const pointsAdjustmentSchema = z.object({
  // Checked as stored: 0.001 rounds to 0 and is refused like 0 (no 0-point ledger entry).
  points: storedAmount(MAX_ADJUSTMENT_POINTS, { tooLarge: 'Points are too large', notANumber: 'Points must be a number' }).refine(
    (points) => points !== 0,
    { message: 'Points must not be 0' },
  ),
  // Issue 30: one line; the reason is the customer's notification text and an audit value.
  reason: singleLineText('Reason', { min: 3, max: 200 }),
});
export type PointsAdjustmentInput = z.infer<typeof pointsAdjustmentSchema>;
