import { z } from 'zod';
import { TIERS } from '../constants/tiers';
import { amount, calendarDay, instant, recordId } from './fields';

/** A campaign as superadmins manage it (contract "bonus campaigns"); `tiers` null: every tier. */
export const campaignAnswer = z.object({
  _id: recordId,
  name: z.string(),
  from: calendarDay,
  to: calendarDay,
  multiplier: amount,
  tiers: z.array(z.enum(TIERS)).nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type Campaign = z.infer<typeof campaignAnswer>;

/** GET /api/superadmin/campaigns: every campaign, the latest first day first. */
export const campaignsListAnswer = z.array(campaignAnswer);

/** GET /api/user/campaigns: the campaigns running today for the customer's tier. */
export const runningCampaignsAnswer = z.array(
  campaignAnswer.pick({ _id: true, name: true, from: true, to: true, multiplier: true }),
);
export type RunningCampaign = z.infer<typeof runningCampaignsAnswer>[number];
