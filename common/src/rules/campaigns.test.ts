import { describe, expect, it } from 'vitest';
import { campaignBonusHundredths, campaignFor, type CampaignTerms } from './campaigns';

const campaign = (overrides: Partial<CampaignTerms> & { name: string }) => ({
  from: '2026-11-01',
  to: '2026-11-15',
  multiplier: 2,
  tiers: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

describe('campaignFor', () => {
  const diwali = campaign({ name: 'Diwali' });
  const goldWeek = campaign({ name: 'Gold week', from: '2026-11-10', to: '2026-11-20', multiplier: 3, tiers: ['Gold'] });
  const all = [diwali, goldWeek];

  it('takes the campaigns whose days hold the date, both days included', () => {
    expect(campaignFor(all, '2026-11-01', 'Basic')?.name).toBe('Diwali');
    expect(campaignFor(all, '2026-11-15', 'Basic')?.name).toBe('Diwali');
    expect(campaignFor(all, '2026-10-31', 'Basic')).toBeUndefined();
    expect(campaignFor(all, '2026-11-16', 'Basic')).toBeUndefined();
  });

  it("keeps to the campaign's tiers, and where they overlap the highest multiplier applies, never both", () => {
    expect(campaignFor(all, '2026-11-12', 'Gold')?.name).toBe('Gold week');
    expect(campaignFor(all, '2026-11-12', 'Silver')?.name).toBe('Diwali');
    expect(campaignFor(all, '2026-11-18', 'Silver')).toBeUndefined();
  });

  it('between equal multipliers, the one created first', () => {
    const later = campaign({ name: 'Later', createdAt: '2026-10-05T00:00:00.000Z' });
    expect(campaignFor([later, diwali], '2026-11-05', 'NoTier')?.name).toBe('Diwali');
  });
});

describe('campaignBonusHundredths', () => {
  it('is the points times the multiplier less one, to the hundredth', () => {
    expect(campaignBonusHundredths(15000, 250)).toBe(22500);
    expect(campaignBonusHundredths(12345, 200)).toBe(12345);
    expect(campaignBonusHundredths(333, 133)).toBe(110); // 3.33 × 0.33 = 1.0989 → 1.10
    expect(campaignBonusHundredths(0, 1000)).toBe(0);
  });
});
