import { z } from 'zod';
import { TIERS, type Tier } from '../constants/tiers';
import { twoDecimalNumber } from './fields';

// Contract "Run and configure": SUPPORT_CONTACTS is a JSON array of three { name, role, phone }.
export const supportContactSchema = z.object({
  name: z.string().trim().min(1).max(100),
  role: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(40),
});
export const supportContactsSchema = z.array(supportContactSchema).length(3);
export type SupportContact = z.infer<typeof supportContactSchema>;

/** GET /api/settings/public: what the login footer and the help page show. */
export type PublicSettings = {
  productName: string;
  supportContacts: SupportContact[];
};

// Contract "Domain rules": a PUT gives all six tiers with numbers ≥ 0 (at most 2 decimals).
const tierAmount = twoDecimalNumber.min(0, 'Must be 0 or more');

/** One number per tier, all six required: `Record<Tier, number>`. */
export const tierNumbersSchema = z.object(
  Object.fromEntries(TIERS.map((tier) => [tier, tierAmount])) as Record<Tier, typeof tierAmount>,
);
export type TierNumbers = Record<Tier, number>;

/** spec §7 superadmin/system/points-conversion: body and answer. */
export const pointsConversionSettingsSchema = z.object({
  pointsConversion: twoDecimalNumber.min(0, 'Must be 0 or more'),
  /** INR of billing per 1 point, per tier; 0 means the tier earns nothing. */
  tierPointsConversion: tierNumbersSchema,
});
export type PointsConversionSettings = z.infer<typeof pointsConversionSettingsSchema>;

/** Contract: requirements must not decrease from tier to tier. */
export const tierBillingRequirementsSchema = tierNumbersSchema.superRefine((requirements, context) => {
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

/**
 * Every row of the settings table, each read and written through its schema (never a loose map). The
 * server keeps them as jsonb; the defaults come from the contract and from PRODUCT_NAME / SUPPORT_CONTACTS.
 */
export const settingSchemas = {
  pointsConversion: pointsConversionSettingsSchema.shape.pointsConversion,
  tierPointsConversion: tierNumbersSchema,
  tierBillingRequirements: tierBillingRequirementsSchema,
  productName: z.string().trim().min(1).max(100),
  /** Three contacts, or none while they are not configured yet. */
  supportContacts: z.union([supportContactsSchema, z.array(supportContactSchema).length(0)]),
};
export type SettingKey = keyof typeof settingSchemas;
export type SettingValues = { [Key in SettingKey]: z.output<(typeof settingSchemas)[Key]> };
