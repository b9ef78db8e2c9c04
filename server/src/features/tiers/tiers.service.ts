import type { Tier } from '@app/common';
import type { DbOrTx } from '../../db/client';
import { notifyUser } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import { insertTierChange } from './tiers.repository';

/**
 * Contract "Quarterly tier review": every tier change is recorded with who made it; the customer is told of it
 * (contract "language and notifications").
 */
export async function recordManualTierChange(
  tx: DbOrTx,
  delivery: Delivery,
  change: { userId: string; fromTier: Tier; toTier: Tier; actorId: string },
): Promise<void> {
  await insertTierChange(tx, { ...change, reason: 'manual' });
  await notifyUser(tx, delivery, change.userId, 'tier_changed', { from: change.fromTier, to: change.toTier });
}
