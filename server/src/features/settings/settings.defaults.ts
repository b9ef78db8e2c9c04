import type { SettingValues, TierNumbers } from '@app/common';
import type { Config } from '../../config';

// Contract "Domain rules": the settings the first start inserts. tierPointsConversion is INR of billing per
// 1 point; tierBillingRequirements is INR of billing per quarter.
export const DEFAULT_POINTS_CONVERSION = 1;
export const DEFAULT_TIER_POINTS_CONVERSION: TierNumbers = {
  NoTier: 0,
  Basic: 600,
  Bronze: 500,
  Silver: 400,
  Gold: 300,
  Platinum: 200,
};
export const DEFAULT_TIER_BILLING_REQUIREMENTS: TierNumbers = {
  NoTier: 0,
  Basic: 1500000,
  Bronze: 3000000,
  Silver: 6000000,
  Gold: 9000000,
  Platinum: 15000000,
};

/** Every setting's first value; productName and supportContacts start from PRODUCT_NAME and SUPPORT_CONTACTS. */
export function defaultSettings(config: Pick<Config, 'PRODUCT_NAME' | 'SUPPORT_CONTACTS'>): SettingValues {
  return {
    pointsConversion: DEFAULT_POINTS_CONVERSION,
    tierPointsConversion: DEFAULT_TIER_POINTS_CONVERSION,
    tierBillingRequirements: DEFAULT_TIER_BILLING_REQUIREMENTS,
    productName: config.PRODUCT_NAME,
    supportContacts: config.SUPPORT_CONTACTS,
    // Contract "points expiry": points never expire until a superadmin sets a number of months.
    pointsExpiryMonths: 0,
  };
}
