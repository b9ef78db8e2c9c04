import { z } from 'zod';
import { LEDGER_TYPES } from '../constants/ledger';
import { amount, instant, listOrPage, personReference, recordId } from './fields';

/** One entry of the points ledger: `points` is signed (credit > 0, debit < 0). */
export const ledgerEntryAnswer = z.object({
  _id: recordId,
  type: z.enum(LEDGER_TYPES),
  points: amount,
  /** availablePoints just after this entry. */
  availableAfter: amount,
  createdAt: instant,
  createdBy: personReference.nullable(),
  billId: recordId.optional(),
  orderId: recordId.optional(),
  note: z.string().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryAnswer>;

/** GET /api/user/ledger and /api/admin/users/{id}/ledger: newest first, the plain array or a page. */
export const ledgerListAnswer = listOrPage(ledgerEntryAnswer);
