import { TIERS, type Tier } from '../constants/tiers';
import { fromHundredths, toHundredths } from '../money';

/** INR of billing a tier needs in a quarter (contract: tierBillingRequirements), by tier. */
export type TierRequirements = Record<Tier, number>;

/**
 * What a customer's billing this quarter means for next quarter's tier (spec §4), one variant per message of
 * the tier page. Amounts are INR.
 * - `no-points`: the customer is at NoTier and reaches no tier; next quarter earns no points either.
 *   `shortfall` is the billing still needed for the lowest tier that earns (Basic).
 * - `demotion`: next quarter's tier is below the current one, NoTier included (then no points will be earned);
 *   `shortfall` is the billing still needed to keep the current tier (contract "Domain rules", Tier page).
 * - `next-tier`: the current tier or a higher one is kept; `shortfall` is the billing still needed for the
 *   tier above it, `tierAbove`.
 * - `top`: Platinum, with its requirement met.
 */
export type NextTierOutlook =
  | { kind: 'no-points'; nextTier: 'NoTier'; shortfall: number }
  | { kind: 'demotion'; nextTier: Tier; shortfall: number }
  | { kind: 'next-tier'; nextTier: Tier; tierAbove: Tier; shortfall: number }
  | { kind: 'top'; nextTier: 'Platinum' };

/**
 * Spec §4's next-quarter rule: from the current tier, step down to the highest tier at or below it whose
 * requirement the billing meets (billing ≥ requirement); none met gives NoTier. If that is not below the
 * current tier, step up through the higher tiers while their requirements are met. Exact in paise.
 */
export function nextQuarterTier(currentTier: Tier, billing: number, requirements: TierRequirements): NextTierOutlook {
  const billed = toHundredths(billing);
  const needed = (tier: Tier) => toHundredths(requirements[tier]);
  const met = (tier: Tier) => billed >= needed(tier);
  const shortfallFor = (tier: Tier) => fromHundredths(Math.max(0, needed(tier) - billed));
  const current = TIERS.indexOf(currentTier);

  let index = current;
  while (index > 0 && !met(TIERS[index]!)) index -= 1;
  // Index 0 is NoTier, met or not: "if none is met the result is NoTier". A fall to NoTier is a demotion too:
  // a Gold customer with no billing is told what keeps them Gold, not what reaches Basic.
  if (index < current) return { kind: 'demotion', nextTier: TIERS[index]!, shortfall: shortfallFor(currentTier) };

  while (index + 1 < TIERS.length && met(TIERS[index + 1]!)) index += 1;
  if (index === 0) return { kind: 'no-points', nextTier: 'NoTier', shortfall: shortfallFor('Basic') };
  const nextTier = TIERS[index]!;
  if (index === TIERS.length - 1) return { kind: 'top', nextTier: 'Platinum' };
  const tierAbove = TIERS[index + 1]!;
  return { kind: 'next-tier', nextTier, tierAbove, shortfall: shortfallFor(tierAbove) };
}

/**
 * Points a bill earns (contract "Bills"): round(amount ÷ rate, 2), where rate is INR of billing per point;
 * a rate of 0 or less earns nothing. Exact: amount in paise and rate in hundredths give points in hundredths,
 * rounded half up.
 */
export function billPointsHundredths(amountPaise: number, rateHundredths: number): number {
  if (rateHundredths <= 0 || amountPaise <= 0) return 0;
  // points = amount / rate; in hundredths: amountPaise * 100 / rateHundredths, rounded half up in integers.
  return Math.floor((amountPaise * 200 + rateHundredths) / (2 * rateHundredths));
}

/** The bill form (spec §5): points from an amount at a rate, 2 decimals; 0 when the rate is not above 0. */
export function pointsForAmount(amount: number, rate: number): number {
  return fromHundredths(billPointsHundredths(toHundredths(amount), toHundredths(rate)));
}

/** The bill form (spec §5): the amount that earns `points` at a rate (points × rate), 2 decimals. */
export function amountForPoints(points: number, rate: number): number {
  if (rate <= 0) return 0;
  return fromHundredths(Math.round((toHundredths(points) * toHundredths(rate)) / 100));
}
