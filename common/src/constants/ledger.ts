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
