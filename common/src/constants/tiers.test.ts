import { describe, expect, it } from 'vitest';
import { isTier, TIER_STARS, TIERS, tierLabel } from './tiers';

describe('tiers', () => {
  it('when labels are shown, then a space goes before each inner capital', () => {
    expect(TIERS.map(tierLabel)).toEqual(['No Tier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum']);
  });

  it('when tiers are ranked, then stars rise from 0 to 5 in order', () => {
    expect(TIERS.map((tier) => TIER_STARS[tier])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('when a value is checked, then only the six tier names pass', () => {
    expect(isTier('Gold')).toBe(true);
    expect(isTier('gold')).toBe(false);
    expect(isTier(undefined)).toBe(false);
  });
});
