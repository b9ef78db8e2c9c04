import { z } from 'zod';
import { TIERS } from '../constants/tiers';
import { calendarDateSchema } from './bills';
import { singleLineText, storedAmount } from './fields';

// Contract "bonus campaigns": bills dated from `from` to `to` (calendar days in Asia/Kolkata, both inclusive) of
// customers at one of `tiers` (an empty list or none: every tier) earn `multiplier` times their points;
// 1 < multiplier ≤ 10 with at most 2 decimals; `name` 3–60 characters; `to` ≥ `from`.

export const MAX_CAMPAIGN_MULTIPLIER = 10;

const campaignName = singleLineText('Campaign name', { min: 3, max: 60 });
const campaignDay = (label: string) => calendarDateSchema(`${label} must be a date (YYYY-MM-DD)`);
const multiplier = storedAmount(MAX_CAMPAIGN_MULTIPLIER, {
  tooLarge: `Multiplier must be at most ${MAX_CAMPAIGN_MULTIPLIER}`,
  notANumber: 'Multiplier must be a number',
}).refine((value) => value > 1, { message: 'Multiplier must be more than 1' });
// An empty list is every tier, as none is (contract): it is kept as null, so a stored list always names tiers
// and "every tier" is one value for the bills' rule and the screens.
const tiers = z
  .array(z.enum(TIERS, { error: 'Choose tiers from the list' }), { error: 'Choose tiers from the list' })
  .max(TIERS.length, 'Choose tiers from the list')
  .refine((chosen) => new Set(chosen).size === chosen.length, { message: 'Choose each tier once' })
  .transform((chosen) => (chosen.length === 0 ? null : chosen));

const fromBeforeTo = (value: { from?: string; to?: string }) => !value.from || !value.to || value.to >= value.from;
const TO_BEFORE_FROM = { message: 'The last day cannot be before the first', path: ['to'] };

/** POST /api/superadmin/campaigns. `tiers` left out, null or empty: every tier. */
export const createCampaignSchema = z
  .object({
    name: campaignName,
    from: campaignDay('First day'),
    to: campaignDay('Last day'),
    multiplier,
    tiers: tiers.nullish(),
  })
  .refine(fromBeforeTo, TO_BEFORE_FROM);
export type CreateCampaignInput = z.infer<typeof createCampaignSchema>;

/** PATCH /api/superadmin/campaigns/{id}: any of the fields; the dates are checked again with the stored ones. */
export const updateCampaignSchema = z
  .object({
    name: campaignName.optional(),
    from: campaignDay('First day').optional(),
    to: campaignDay('Last day').optional(),
    multiplier: multiplier.optional(),
    tiers: tiers.nullish(),
  })
  .refine(fromBeforeTo, TO_BEFORE_FROM);
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;
