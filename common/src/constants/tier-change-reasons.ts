// Contract "Quarterly tier review": a tier changes by a superadmin's hand or by an applied quarterly review.
export const TIER_CHANGE_REASONS = ['manual', 'quarterly_review'] as const;
export type TierChangeReason = (typeof TIER_CHANGE_REASONS)[number];
