import {
  fromHundredths,
  lastEndedQuarter,
  nextQuarterTier,
  parseQuarterId,
  quarterHasEnded,
  type Quarter,
  type Tier,
  type TierReview,
  type TierReviewApplied,
  type TierReviewRow,
} from '@app/common';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import { readSettings } from '../settings/settings.service';
import {
  claimTierReview,
  customersWithBilling,
  findTierReview,
  insertTierChanges,
  setTierReviewChanged,
  setTiers,
} from './tiers.repository';

type ReviewContext = { db: Db; config: Config; delivery: Delivery; now: Date };

function quarterFrom(id: string | undefined, now: Date): Quarter {
  if (id === undefined) return lastEndedQuarter(now);
  // The schema checked the form; parseQuarterId cannot fail on it.
  return parseQuarterId(id)!;
}

/** Every live customer with their billing in the quarter and the tier spec §4's rule proposes from it. */
async function proposals(db: DbOrTx, config: Config, quarter: Quarter, options: { lock?: boolean } = {}) {
  const { tierBillingRequirements } = await readSettings(db, config, ['tierBillingRequirements'] as const);
  const customers = await customersWithBilling(db, quarter.from, quarter.to, options);
  return customers.map((customer): TierReviewRow => ({
    userId: customer.id,
    username: customer.username,
    partyName: customer.partyName,
    billing: fromHundredths(customer.billingPaise),
    currentTier: customer.tier,
    proposedTier: nextQuarterTier(customer.tier, fromHundredths(customer.billingPaise), tierBillingRequirements).nextTier,
  }));
}

/** GET /api/superadmin/tier-review?quarter=YYYY-Qn (default: the last quarter that has ended, Asia/Kolkata). */
export async function reviewTiers(context: ReviewContext, quarterId: string | undefined): Promise<TierReview> {
  const quarter = quarterFrom(quarterId, context.now);
  const applied = await findTierReview(context.db, quarter.id);
  return {
    quarter: quarter.id,
    from: quarter.from,
    to: quarter.to,
    applied: applied !== undefined,
    appliedAt: applied?.appliedAt.toISOString() ?? null,
    rows: await proposals(context.db, context.config, quarter),
  };
}

/**
 * POST /api/superadmin/tier-review/apply {quarter}: sets every proposed tier in one transaction, records each
 * change (who, from, to, which quarter) and answers how many changed. Only an ended quarter, and only once: the
 * quarter's row in tier_reviews is claimed first, so a second apply (even at the same moment, from another
 * process) is a 409 and changes nothing.
 */
export async function applyTierReview(context: ReviewContext, actorId: string, quarterId: string): Promise<TierReviewApplied> {
  const quarter = quarterFrom(quarterId, context.now);
  if (!quarterHasEnded(quarter, context.now)) {
    throw new AppError('VALIDATION_FAILED', `${quarter.id} has not ended yet: only an ended quarter can be applied`, {
      details: [{ field: 'quarter', message: 'Only a quarter that has ended can be applied' }],
    });
  }
  return inTransaction(context.db, async (tx) => {
    if (!(await claimTierReview(tx, { quarter: quarter.id, appliedAt: context.now, appliedBy: actorId, changed: 0 }))) {
      throw new AppError('CONFLICT', `The tier review of ${quarter.id} has already been applied`);
    }
    // Customers locked while their tiers are decided, so a hand-made change waits rather than being overwritten.
    const changes = (await proposals(tx, context.config, quarter, { lock: true })).filter(
      (row) => row.proposedTier !== row.currentTier,
    );
    const byTier = new Map<Tier, string[]>();
    for (const change of changes) byTier.set(change.proposedTier, [...(byTier.get(change.proposedTier) ?? []), change.userId]);
    for (const [tier, userIds] of byTier) await setTiers(tx, tier, userIds);
    await insertTierChanges(
      tx,
      changes.map((change) => ({
        userId: change.userId,
        fromTier: change.currentTier,
        toTier: change.proposedTier,
        reason: 'quarterly_review' as const,
        quarter: quarter.id,
        actorId,
      })),
    );
    await notifyUsers(
      tx,
      context.delivery,
      changes.map((change) => ({
        userId: change.userId,
        type: 'tier_reviewed' as const,
        params: { from: change.currentTier, to: change.proposedTier, quarter: quarter.id },
      })),
    );
    await setTierReviewChanged(tx, quarter.id, changes.length);
    await recordAudit(tx, {
      actorId,
      action: 'tiers.review_apply',
      entity: 'tier_review',
      entityId: quarter.id,
      after: { quarter: quarter.id, changed: changes.length },
    });
    return { quarter: quarter.id, changed: changes.length };
  });
}
