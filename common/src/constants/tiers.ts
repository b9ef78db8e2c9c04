// Spec §3 and §9: tiers in ascending order, their stars and colours.
export const TIERS = ['NoTier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_STARS: Record<Tier, number> = {
  NoTier: 0,
  Basic: 1,
  Bronze: 2,
  Silver: 3,
  Gold: 4,
  Platinum: 5,
};

export const TIER_COLOURS: Record<Tier, string> = {
  NoTier: 'lightcoral',
  Basic: '#ffdd8f',
  Bronze: '#F59F4A',
  Silver: '#BCC6CC',
  Gold: '#EFBF04',
  Platinum: '#D3D6D8',
};

/** Spec §3: "Labels display with spaces inserted before capitals" (NoTier → "No Tier"). */
export function tierLabel(tier: Tier): string {
  return tier.replace(/(?<=[a-z])(?=[A-Z])/g, ' ');
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}
