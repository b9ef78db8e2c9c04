import { z } from 'zod';
import { formatNumber } from '../money';
import { TIERS, type Tier } from '../constants/tiers';
import { MAX_POINTS_EXPIRY_MONTHS } from '../rules/points-expiry';
import { singleLineText, storedAmount } from './fields';

// Contract "Run and configure": SUPPORT_CONTACTS is a JSON array of three { name, role, phone }.
// Each part is one line (issue 30): they are shown in footers and headers, and the product name signs mails.
export const supportContactSchema = z.object({
  name: singleLineText('Contact name', { max: 100 }),
  role: singleLineText('Contact role', { max: 100 }),
  phone: singleLineText('Contact phone', { max: 40 }),
});
export const supportContactsSchema = z.array(supportContactSchema).length(3);
export type SupportContact = z.infer<typeof supportContactSchema>;

// Contract "Domain rules": a PUT gives all six tiers with numbers ≥ 0 (at most 2 decimals); rates at most
// 1,000,000 and requirements at most 1,000,000,000,000. Unbounded, a rate of 1e17 was stored and then every
// bill of that tier overflowed the database's bigint.
export const MAX_RATE = 1_000_000;
export const MAX_TIER_REQUIREMENT = 1_000_000_000_000;

const settingAmount = (max: number) =>
  storedAmount(max, { tooLarge: `Must be at most ${formatNumber(max, 'en-IN')}` }).refine((value) => value >= 0, {
    message: 'Must be 0 or more',
  });

/** One number per tier, all six required, each 0 to `max`: `Record<Tier, number>`. */
function tierNumbers(max: number) {
  const amount = settingAmount(max);
  return z.object(Object.fromEntries(TIERS.map((tier) => [tier, amount])) as Record<Tier, typeof amount>);
}
export type TierNumbers = Record<Tier, number>;

/** INR of billing per 1 point, per tier; 0 means the tier earns nothing. */
export const tierRatesSchema = tierNumbers(MAX_RATE);

/** spec §7 superadmin/system/points-conversion: body and answer. */
export const pointsConversionSettingsSchema = z.object({
  pointsConversion: settingAmount(MAX_RATE),
  tierPointsConversion: tierRatesSchema,
});
export type PointsConversionSettings = z.infer<typeof pointsConversionSettingsSchema>;

/** Contract: requirements must not decrease from tier to tier. */
export const tierBillingRequirementsSchema = tierNumbers(MAX_TIER_REQUIREMENT).superRefine((requirements, context) => {
  TIERS.forEach((tier, index) => {
    const lower = index > 0 ? TIERS[index - 1] : undefined;
    if (lower !== undefined && requirements[tier] < requirements[lower]) {
      context.addIssue({ code: 'custom', path: [tier], message: `Must be at least the ${lower} requirement` });
    }
  });
});

/** spec §7 superadmin/system/tier-billing-requirements: body and answer. */
export const tierBillingSettingsSchema = z.object({ tierBillingRequirements: tierBillingRequirementsSchema });
export type TierBillingSettings = z.infer<typeof tierBillingSettingsSchema>;

/** Contract "points expiry": PUT /api/superadmin/system/points-expiry {months}, a whole number 0 (never) to 120. */
export const pointsExpirySettingsSchema = z.object({
  months: z
    .number({ error: 'Must be a whole number of months' })
    .int('Must be a whole number of months')
    .min(0, 'Must be 0 or more')
    .max(MAX_POINTS_EXPIRY_MONTHS, `Must be at most ${MAX_POINTS_EXPIRY_MONTHS}`),
});
export type PointsExpirySettings = z.infer<typeof pointsExpirySettingsSchema>;

/**
 * Every row of the settings table, each read and written through its schema (never a loose map). The
 * server keeps them as jsonb; the defaults come from the contract and from PRODUCT_NAME / SUPPORT_CONTACTS.
 */
export const settingSchemas = {
  pointsConversion: pointsConversionSettingsSchema.shape.pointsConversion,
  tierPointsConversion: tierRatesSchema,
  tierBillingRequirements: tierBillingRequirementsSchema,
  productName: singleLineText('Product name', { max: 100 }),
  /** Three contacts, or none while they are not configured yet. */
  supportContacts: z.union([supportContactsSchema, z.array(supportContactSchema).length(0)]),
  pointsExpiryMonths: pointsExpirySettingsSchema.shape.months,
};
export type SettingKey = keyof typeof settingSchemas;
export type SettingValues = { [Key in SettingKey]: z.output<(typeof settingSchemas)[Key]> };
