// Contract "Beyond the spec: ledger": the kinds of entry in the points ledger, in one list that the API,
// the database check and the screens share.
export const LEDGER_TYPES = [
  'bill_entered',
  'bill_edited',
  'bill_deleted',
  'order_placed',
  'order_cancelled',
  'adjustment',
  // Contract "points expiry and bonus campaigns".
  'points_expired',
  'campaign_bonus',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** A bill's own entries: its points entered, changed by an edit, taken back by a deletion. */
export const BILL_LEDGER_TYPES = ['bill_entered', 'bill_edited', 'bill_deleted'] as const satisfies readonly LedgerType[];
/** An order's entries: its points spent, given back by a cancellation. */
export const ORDER_LEDGER_TYPES = ['order_placed', 'order_cancelled'] as const satisfies readonly LedgerType[];
/**
 * The entries that move totalPoints as well as availablePoints (contract "ledger, adjustments": the sum of a
 * customer's bill entries is their totalPoints; "bonus campaigns": a bill's bonus counts as billed points).
 */
export const TOTAL_POINTS_LEDGER_TYPES = [...BILL_LEDGER_TYPES, 'campaign_bonus'] as const satisfies readonly LedgerType[];
