import { z } from 'zod';
import { LANGUAGES } from '../constants/notifications';
import { TIERS } from '../constants/tiers';
import { amount } from './fields';

/** GET /api/settings/public: what the login footer and the help page show. */
export const publicSettingsAnswer = z.object({
  productName: z.string(),
  supportContacts: z.array(z.object({ name: z.string(), role: z.string(), phone: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsAnswer>;

/** One number per tier, all six. */
const tierNumbersAnswer = z.record(z.enum(TIERS), amount);

/** GET and PUT /api/superadmin/system/points-conversion. */
export const pointsConversionAnswer = z.object({ pointsConversion: amount, tierPointsConversion: tierNumbersAnswer });

/** GET and PUT /api/superadmin/system/tier-billing-requirements. */
export const tierBillingAnswer = z.object({ tierBillingRequirements: tierNumbersAnswer });

/** GET and PUT /api/superadmin/system/points-expiry: months until points expire, 0 for never. */
export const pointsExpiryAnswer = z.object({ months: z.number().int() });

/** POST /api/superadmin/points-expiry/run: how many customers' points expired, and how many points. */
export const pointsExpiryRunAnswer = z.object({ customers: z.number().int(), points: amount });
export type PointsExpiryRun = z.infer<typeof pointsExpiryRunAnswer>;

/** GET and PUT /api/user/preferences. */
export const preferencesAnswer = z.object({ language: z.enum(LANGUAGES), email: z.string().nullable() });
export type Preferences = z.infer<typeof preferencesAnswer>;

/** GET /api/health while the database answers (503 with the error shape when it does not). */
export const healthAnswer = z.object({ status: z.literal('ok') });
