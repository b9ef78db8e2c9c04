import { z } from 'zod';
import { TIERS } from '../constants/tiers';
import { amount, calendarDay, instant, listOrPage, recordId } from './fields';
import { customerReferenceAnswer, pointsAnswer } from './users';

/** The API shape of a bill (spec §3, plus what it was priced at). */
export const billAnswer = z.object({
  _id: recordId,
  /** Contract: populated `userId` on bills. */
  userId: customerReferenceAnswer,
  billNumber: z.string(),
  /** Asia/Kolkata. */
  billDate: calendarDay,
  billAmount: amount,
  /** Points the bill earned, at `rate` (INR of billing per point) and the tier it was entered at. */
  points: amount,
  rate: amount,
  tier: z.enum(TIERS),
  /** Contract "bonus campaigns": the extra points of the campaign the bill was entered in (0 when none). */
  bonusPoints: amount,
  createdAt: instant,
});
export type Bill = z.infer<typeof billAnswer>;

/** GET /api/bill and /api/bill/user (the caller's own): the plain array, or a page with `page`. */
export const billsListAnswer = listOrPage(billAnswer);

/**
 * What entering, editing or deleting a bill answers: the bill, and the customer's balances after it. A
 * negative `availablePoints` (an edit or delete took back points already spent) is flagged so the screen can
 * warn; it blocks redemption until covered (contract).
 */
export const billChangeAnswer = billAnswer.extend({ customerPoints: pointsAnswer, negativeBalance: z.boolean() });
export type BillChange = z.infer<typeof billChangeAnswer>;
