import {
  campaignFor as bestCampaign,
  fromHundredths,
  kolkataDate,
  toHundredths,
  type Campaign,
  type CreateCampaignInput,
  type RunningCampaign,
  type Tier,
  type UpdateCampaignInput,
} from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import {
  campaignsCovering,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  listCampaigns,
  updateCampaign,
  type CampaignRow,
} from './campaigns.repository';

// Contract "bonus campaigns": superadmins keep the campaigns; bills read the best one on their date (bills.service).

function toCampaign(row: CampaignRow): Campaign {
  return {
    _id: row.id,
    name: row.name,
    from: row.from,
    to: row.to,
    multiplier: fromHundredths(row.multiplierHundredths),
    tiers: row.tiers ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a campaign. */
const audited = ({ _id, createdAt, updatedAt, ...campaign }: Campaign) => campaign;

/** GET /api/superadmin/campaigns (staff: the add-bill dialog previews the bonus with them). */
export async function readCampaigns(db: Db): Promise<Campaign[]> {
  return (await listCampaigns(db)).map(toCampaign);
}

/** POST /api/superadmin/campaigns (superadmin), audited. */
export async function createCampaign(db: Db, actorId: string, input: CreateCampaignInput): Promise<Campaign> {
  return inTransaction(db, async (tx) => {
    const row = await insertCampaign(tx, {
      name: input.name,
      from: input.from,
      to: input.to,
      multiplierHundredths: toHundredths(input.multiplier),
      tiers: input.tiers ?? null,
      createdBy: actorId,
    });
    const campaign = toCampaign(row);
    await recordAudit(tx, { actorId, action: 'campaign.create', entity: 'campaign', entityId: row.id, after: audited(campaign) });
    return campaign;
  });
}

const notFound = () => new AppError('NOT_FOUND', 'Campaign not found');

/**
 * PATCH /api/superadmin/campaigns/{id} (superadmin): the fields given; the dates checked together with the stored
 * ones. Bills already entered keep what they earned.
 */
export async function changeCampaign(db: Db, actorId: string, id: string, input: UpdateCampaignInput): Promise<Campaign> {
  return inTransaction(db, async (tx) => {
    const before = await findCampaign(tx, id, { lock: true });
    if (!before) throw notFound();
    const from = input.from ?? before.from;
    const to = input.to ?? before.to;
    if (to < from) {
      throw new AppError('VALIDATION_FAILED', 'The last day cannot be before the first', {
        details: [{ field: 'to', message: 'The last day cannot be before the first' }],
      });
    }
    const row = await updateCampaign(tx, id, {
      name: input.name ?? before.name,
      from,
      to,
      multiplierHundredths: input.multiplier === undefined ? before.multiplierHundredths : toHundredths(input.multiplier),
      tiers: input.tiers === undefined ? before.tiers : input.tiers,
    });
    const campaign = toCampaign(row);
    await recordAudit(tx, {
      actorId,
      action: 'campaign.update',
      entity: 'campaign',
      entityId: id,
      before: audited(toCampaign(before)),
      after: audited(campaign),
    });
    return campaign;
  });
}

/** DELETE /api/superadmin/campaigns/{id} (superadmin): bills entered in it keep their bonus. */
export async function removeCampaign(db: Db, actorId: string, id: string): Promise<{ message: string; _id: string }> {
  return inTransaction(db, async (tx) => {
    const before = await findCampaign(tx, id, { lock: true });
    if (!before) throw notFound();
    await deleteCampaign(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'campaign.delete',
      entity: 'campaign',
      entityId: id,
      before: audited(toCampaign(before)),
    });
    return { message: 'Campaign deleted', _id: id };
  });
}

/** A campaign's terms as the common rule reads them (multiplier as a number), with its row. */
const termsOf = (row: CampaignRow) => ({
  row,
  from: row.from,
  to: row.to,
  multiplier: fromHundredths(row.multiplierHundredths),
  tiers: row.tiers ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/user/campaigns (customer): the campaigns running today for the customer's tier. */
export async function readRunningCampaigns(db: Db, tier: Tier, now: Date): Promise<RunningCampaign[]> {
  const running = await campaignsCovering(db, kolkataDate(now));
  return running
    .filter((row) => row.tiers === null || row.tiers.includes(tier))
    .map((row) => {
      const { _id, name, from, to, multiplier } = toCampaign(row);
      return { _id, name, from, to, multiplier };
    });
}

/**
 * The campaign a bill dated `day` of a customer at `tier` earns in (common/src/rules/campaigns.ts: the highest
 * multiplier, never stacking), or undefined.
 */
export async function campaignForBill(db: DbOrTx, day: string, tier: Tier): Promise<CampaignRow | undefined> {
  return bestCampaign((await campaignsCovering(db, day)).map(termsOf), day, tier)?.row;
}
