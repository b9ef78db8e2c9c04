import { expect } from 'vitest';
import type { Db } from '../db/client';
import { findUsersOffTheirLedger, findUsersOffTheirLots } from '../features/ledger/ledger.service';

/**
 * Contract: at every moment each user's availablePoints equals the sum of their ledger's points and
 * totalPoints the sum over the bill entries, and the points left in their lots equal max(0, availablePoints)
 * ("points expiry"). Tests that move points call this after every scenario.
 */
export async function expectBalancesEqualLedger(db: Db): Promise<void> {
  expect(await findUsersOffTheirLedger(db)).toEqual([]);
  expect(await findUsersOffTheirLots(db)).toEqual([]);
}
