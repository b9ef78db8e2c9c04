import type { Config } from '../../config';

// Contract "Domain rules": the settings the first start inserts. tierPointsConversion is INR of billing per
// 1 point; tierBillingRequirements is INR of billing per quarter.
export const DEFAULT_POINTS_CONVERSION = 1;

export const DEFAULT_TIER_POINTS_CONVERSION = {
  NoTier: 0,
  Basic: 600,
  Bronze: 500,
  Silver: 400,
  Gold: 300,
  Platinum: 200,
};

export const DEFAULT_TIER_BILLING_REQUIREMENTS = {
  NoTier: 0,
  Basic: 1500000,
  Bronze: 3000000,
  Silver: 6000000,
  Gold: 9000000,
  Platinum: 15000000,
};

export const SETTING_KEYS = {
  pointsConversion: 'pointsConversion',
  tierPointsConversion: 'tierPointsConversion',
  tierBillingRequirements: 'tierBillingRequirements',
  productName: 'productName',
  supportContacts: 'supportContacts',
} as const;

/** productName and supportContacts start from PRODUCT_NAME and SUPPORT_CONTACTS, then live in the table. */
export function defaultSettings(config: Pick<Config, 'PRODUCT_NAME' | 'SUPPORT_CONTACTS'>): Record<string, unknown> {
  return {
    [SETTING_KEYS.pointsConversion]: DEFAULT_POINTS_CONVERSION,
    [SETTING_KEYS.tierPointsConversion]: DEFAULT_TIER_POINTS_CONVERSION,
    [SETTING_KEYS.tierBillingRequirements]: DEFAULT_TIER_BILLING_REQUIREMENTS,
    [SETTING_KEYS.productName]: config.PRODUCT_NAME,
    [SETTING_KEYS.supportContacts]: config.SUPPORT_CONTACTS,
  };
}
