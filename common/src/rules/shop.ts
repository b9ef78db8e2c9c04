import { fromHundredths, toHundredths } from '../money';

// Spec §9: discount and billing maths of the shop, the product page and the cart. Exact in hundredths.

type Priced = { pointsRequired: number; discount: number };

/** Points after discount = pointsRequired − discount. */
export function pointsAfterDiscount(item: Priced): number {
  return fromHundredths(toHundredths(item.pointsRequired) - toHundredths(item.discount));
}

/** Discount percent = discount ÷ pointsRequired × 100, 2 decimals (for the '(x% off)' label). */
export function discountPercent(item: Priced): number {
  if (item.pointsRequired <= 0) return 0;
  return Math.round((item.discount / item.pointsRequired) * 100 * 100) / 100;
}

/**
 * Billing still needed (INR) = (points after discount × rate) − (availablePoints × rate), floored at 0, where
 * rate is the INR of billing per point at the customer's tier. A tier that earns nothing (rate ≤ 0) gives 0:
 * the line then says nothing can be earned toward it by billing, which the shop shows through its banner.
 */
export function billingStillNeeded(item: Priced, availablePoints: number, rate: number): number {
  if (rate <= 0) return 0;
  const missingPoints = toHundredths(pointsAfterDiscount(item)) - toHundredths(availablePoints);
  if (missingPoints <= 0) return 0;
  // hundredths of a point × rate (INR per point, ≤ 2 decimals) → paise, kept exact as integers.
  const paise = Math.round((missingPoints * toHundredths(rate)) / 100);
  return fromHundredths(paise);
}

/** Cart line points = (pointsRequired − discount) × quantity. */
export function linePoints(item: Priced, quantity: number): number {
  return fromHundredths((toHundredths(item.pointsRequired) - toHundredths(item.discount)) * quantity);
}

/**
 * What a card says about buying an item (spec §2 Shop): 'You can buy this item' when the balance covers its
 * points after discount, else the billing still needed at the customer's tier rate. A tier that earns
 * nothing (rate ≤ 0) cannot close the gap by billing, so the spec's formula would say 0 and "You can buy
 * this item" wrongly: the card then says how many points are missing instead (docs/decisions/011).
 */
export type PurchaseOutlook = { kind: 'can-buy' } | { kind: 'billing'; amount: number } | { kind: 'points'; points: number };

export function purchaseOutlook(item: Priced, availablePoints: number, rate: number): PurchaseOutlook {
  const missing = toHundredths(pointsAfterDiscount(item)) - toHundredths(availablePoints);
  if (missing <= 0) return { kind: 'can-buy' };
  if (rate <= 0) return { kind: 'points', points: fromHundredths(missing) };
  return { kind: 'billing', amount: billingStillNeeded(item, availablePoints, rate) };
}
