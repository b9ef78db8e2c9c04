import type { Tier } from '../constants/tiers';

// Contract "bonus campaigns": the rule the server applies when a bill is entered and the add-bill dialog previews.

/** What a campaign says about the bills it covers; `multiplier` as a number (2 for 2×). */
export type CampaignTerms = { from: string; to: string; multiplier: number; tiers: readonly Tier[] | null; createdAt: string };

/**
 * The campaign a bill dated `day` of a customer at `tier` earns in: of those whose days (both inclusive) hold the
 * day and whose tiers (null: every tier) hold the tier, the highest multiplier; they never stack. Between equal
 * multipliers the one created first.
 */
export function campaignFor<Terms extends CampaignTerms>(
  campaigns: readonly Terms[],
  day: string,
  tier: Tier,
): Terms | undefined {
  let best: Terms | undefined;
  for (const campaign of campaigns) {
    if (day < campaign.from || day > campaign.to) continue;
    if (campaign.tiers !== null && !campaign.tiers.includes(tier)) continue;
    if (
      !best ||
      campaign.multiplier > best.multiplier ||
      (campaign.multiplier === best.multiplier && campaign.createdAt < best.createdAt)
    )
      best = campaign;
  }
  return best;
}

/**
 * The bonus of a bill's points (hundredths) at a multiplier (hundredths: 200 for 2×): the points times the
 * multiplier less one, to the hundredth (half up). 150.00 points at 2.5× earn 225.00 more.
 */
export function campaignBonusHundredths(pointsHundredths: number, multiplierHundredths: number): number {
  return Math.round((pointsHundredths * (multiplierHundredths - 100)) / 100);
}
