import { TIERS } from '@app/common';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/http';
import { DEFAULT_TIER_BILLING_REQUIREMENTS, DEFAULT_TIER_POINTS_CONVERSION } from './settings.defaults';
import { readSettings, writeSettings } from './settings.service';

const t = useTestApp();

describe('settings read and written through their schemas', () => {
  it('when the first start has seeded them, then every tier has its contract default', async () => {
    const values = await readSettings(t.db, t.config, ['pointsConversion', 'tierPointsConversion', 'tierBillingRequirements']);
    expect(values).toEqual({
      pointsConversion: 1,
      tierPointsConversion: { NoTier: 0, Basic: 600, Bronze: 500, Silver: 400, Gold: 300, Platinum: 200 },
      tierBillingRequirements: { NoTier: 0, Basic: 1500000, Bronze: 3000000, Silver: 6000000, Gold: 9000000, Platinum: 15000000 },
    });
    expect(Object.keys(values.tierPointsConversion)).toEqual([...TIERS]);
  });

  it('when a superadmin writes new rates, then they read back exactly, 2 decimals kept', async () => {
    const rates = { ...DEFAULT_TIER_POINTS_CONVERSION, Gold: 287.5, Platinum: 199.99 };
    await writeSettings(t.db, { tierPointsConversion: rates }, null);
    expect(await readSettings(t.db, t.config, ['tierPointsConversion'])).toEqual({ tierPointsConversion: rates });
  });

  it('when requirements decrease from one tier to the next, or a tier is missing, then nothing is written', async () => {
    const decreasing = { ...DEFAULT_TIER_BILLING_REQUIREMENTS, Gold: 100 };
    await expect(writeSettings(t.db, { tierBillingRequirements: decreasing }, null)).rejects.toThrow(
      /at least the Silver requirement/,
    );
    const { Platinum: _left, ...missing } = DEFAULT_TIER_BILLING_REQUIREMENTS;
    await expect(writeSettings(t.db, { tierBillingRequirements: missing as typeof decreasing }, null)).rejects.toThrow();
    expect(await readSettings(t.db, t.config, ['tierBillingRequirements'])).toEqual({
      tierBillingRequirements: DEFAULT_TIER_BILLING_REQUIREMENTS,
    });
  });
});
