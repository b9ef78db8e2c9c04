import {
  campaignAnswer,
  campaignsListAnswer,
  createCampaignSchema,
  deletedAnswer,
  idParamsSchema,
  runningCampaignsAnswer,
  updateCampaignSchema,
} from '@app/common';
import { CUSTOMER, defineRoute, STAFF, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { changeCampaign, createCampaign, readCampaigns, readRunningCampaigns, removeCampaign } from './campaigns.service';

export function campaignsRoutes(): RouteDefinition[] {
  return [
    // GET /api/superadmin/campaigns (admin, superadmin) - every campaign, latest first day first; admins read them
    // for the add-bill dialog's bonus preview (contract "bonus campaigns")
    defineRoute({
      method: 'get',
      path: '/superadmin/campaigns',
      access: STAFF,
      answers: { 200: campaignsListAnswer },
      handler: ({ db }) => readCampaigns(db),
    }),
    // POST /api/superadmin/campaigns (superadmin) - {name, from, to, multiplier, tiers?} → 201 the campaign
    defineRoute({
      method: 'post',
      path: '/superadmin/campaigns',
      access: SUPERADMIN,
      answers: { 201: campaignAnswer },
      request: { body: createCampaignSchema },
      idempotent: true,
      handler: ({ db, user, input }) => createCampaign(db, user.id, input.body),
    }),
    // PATCH /api/superadmin/campaigns/{id} (superadmin) - any of the fields; bills already entered keep their bonus
    defineRoute({
      method: 'patch',
      path: '/superadmin/campaigns/:id',
      access: SUPERADMIN,
      answers: { 200: campaignAnswer },
      request: { params: idParamsSchema, body: updateCampaignSchema },
      handler: ({ db, user, input }) => changeCampaign(db, user.id, input.params.id, input.body),
    }),
    // DELETE /api/superadmin/campaigns/{id} (superadmin) - { message, _id }; bills already entered keep their bonus
    defineRoute({
      method: 'delete',
      path: '/superadmin/campaigns/:id',
      access: SUPERADMIN,
      answers: { 200: deletedAnswer },
      request: { params: idParamsSchema },
      handler: ({ db, user, input }) => removeCampaign(db, user.id, input.params.id),
    }),
    // GET /api/user/campaigns (customer) - the campaigns running today for the customer's tier
    defineRoute({
      method: 'get',
      path: '/user/campaigns',
      access: CUSTOMER,
      answers: { 200: runningCampaignsAnswer },
      handler: ({ db, now, user }) => readRunningCampaigns(db, user.record.tier, now),
    }),
  ];
}
