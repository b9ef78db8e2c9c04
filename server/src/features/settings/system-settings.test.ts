import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/factories';
import { bearer, loginAs, useStaffTokens, useTestApp } from '../../test/http';
import { DEFAULT_TIER_BILLING_REQUIREMENTS, DEFAULT_TIER_POINTS_CONVERSION } from './settings.defaults';

const t = useTestApp();
const staff = useStaffTokens(t);

const POINTS_CONVERSION = '/api/superadmin/system/points-conversion';
const REQUIREMENTS = '/api/superadmin/system/tier-billing-requirements';

describe('superadmin/system settings (spec §7, contract "Domain rules")', () => {
  it('when any signed-in user reads them, then both come with every tier', async () => {
    const customer = await createCustomer(t.db);
    const customerToken = await loginAs(t.app, customer.username, customer.password);

    const rates = await request(t.app).get(POINTS_CONVERSION).set(bearer(customerToken));
    const requirements = await request(t.app).get(REQUIREMENTS).set(bearer(staff.admin));

    expect(rates.status).toBe(200);
    expect(rates.body).toEqual({ pointsConversion: 1, tierPointsConversion: DEFAULT_TIER_POINTS_CONVERSION });
    expect(requirements.body).toEqual({ tierBillingRequirements: DEFAULT_TIER_BILLING_REQUIREMENTS });
    expect((await request(t.app).get(REQUIREMENTS)).status).toBe(401);
  });

  it('when a superadmin saves new rates, then they are read back and the change is in the audit log; an admin gets 403', async () => {
    const tierPointsConversion = { ...DEFAULT_TIER_POINTS_CONVERSION, Silver: 350.5 };

    const saved = await request(t.app)
      .put(POINTS_CONVERSION)
      .set(bearer(staff.superadmin))
      .send({ pointsConversion: 2, tierPointsConversion });
    const byAdmin = await request(t.app)
      .put(POINTS_CONVERSION)
      .set(bearer(staff.admin))
      .send({ pointsConversion: 2, tierPointsConversion });
    const audit = await request(t.app).get('/api/superadmin/audit').query({ page: 1 }).set(bearer(staff.superadmin));

    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ pointsConversion: 2, tierPointsConversion });
    expect(byAdmin.status).toBe(403);
    expect(audit.body.items[0]).toMatchObject({ action: 'settings.update', after: { pointsConversion: 2 } });
    await request(t.app)
      .put(POINTS_CONVERSION)
      .set(bearer(staff.superadmin))
      .send({ pointsConversion: 1, tierPointsConversion: DEFAULT_TIER_POINTS_CONVERSION });
  });

  it.each([
    ['a missing tier', { ...DEFAULT_TIER_BILLING_REQUIREMENTS, Platinum: undefined }, 'Platinum'],
    ['a negative number', { ...DEFAULT_TIER_BILLING_REQUIREMENTS, NoTier: -1 }, 'NoTier'],
    ['a requirement below the tier under it', { ...DEFAULT_TIER_BILLING_REQUIREMENTS, Gold: 100 }, 'Gold'],
    ['text for a number', { ...DEFAULT_TIER_BILLING_REQUIREMENTS, Basic: '1500000' }, 'Basic'],
  ])(
    'when requirements have %s, then 400 names the field and nothing changes',
    async (_label, tierBillingRequirements, field) => {
      const response = await request(t.app).put(REQUIREMENTS).set(bearer(staff.superadmin)).send({ tierBillingRequirements });

      expect(response.status).toBe(400);
      expect(response.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: expect.stringContaining(field) })]),
      );
      expect((await request(t.app).get(REQUIREMENTS).set(bearer(staff.admin))).body).toEqual({
        tierBillingRequirements: DEFAULT_TIER_BILLING_REQUIREMENTS,
      });
    },
  );
});
