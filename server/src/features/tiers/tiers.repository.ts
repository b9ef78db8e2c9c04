import type { DbOrTx } from '../../db/client';
import { tierChanges } from '../../db/schema';

export type NewTierChangeRow = typeof tierChanges.$inferInsert;

export async function insertTierChange(db: DbOrTx, row: NewTierChangeRow): Promise<void> {
  await db.insert(tierChanges).values(row);
}
