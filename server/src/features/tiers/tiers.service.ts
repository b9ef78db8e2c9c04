import type { Tier } from '@app/common';
import type { DbOrTx } from '../../db/client';
import { insertTierChange } from './tiers.repository';

/** Contract "Quarterly tier review": every tier change is recorded with who made it. */
export async function recordManualTierChange(
  tx: DbOrTx,
  change: { userId: string; fromTier: Tier; toTier: Tier; actorId: string },
): Promise<void> {
  await insertTierChange(tx, { ...change, reason: 'manual' });
}
