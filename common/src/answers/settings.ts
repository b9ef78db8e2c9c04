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

/** GET and PUT /api/user/preferences. */
export const preferencesAnswer = z.object({ language: z.enum(LANGUAGES), email: z.string().nullable() });
export type Preferences = z.infer<typeof preferencesAnswer>;

/** GET /api/health while the database answers (503 with the error shape when it does not). */
export const healthAnswer = z.object({ status: z.literal('ok') });
