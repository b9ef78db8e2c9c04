import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { pointsLedger, users } from '../db/schema';

/**
 * Contract: at every moment each user's availablePoints equals the sum of their ledger's points and
 * totalPoints the sum over the bill entries. Tests that move points call this after every scenario.
 */
export async function expectBalancesEqualLedger(db: Db): Promise<void> {
  const mismatches = await db
    .select({ username: users.username })
    .from(users)
    .leftJoin(
      sql`(select user_id, sum(available_delta) as available, sum(total_delta) as total from ${pointsLedger} group by user_id) as sums`,
      sql`sums.user_id = ${users.id}`,
    )
    .where(sql`${users.availablePoints} <> coalesce(sums.available, 0) or ${users.totalPoints} <> coalesce(sums.total, 0)`);
  expect(mismatches).toEqual([]);
}
