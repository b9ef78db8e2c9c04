import type { LedgerType } from '@app/common';
import type { DbOrTx } from '../../db/client';
import { addToBalances, insertLedgerEntry } from './ledger.repository';

/** One change of a customer's balances (hundredths of a point). */
export type BalanceChange = {
  userId: string;
  type: LedgerType;
  /** Added to availablePoints (negative takes away). */
  availableDelta: number;
  /** Added to totalPoints: bills only (contract: totalPoints is the sum of the bill entries). */
  totalDelta: number;
  actorId: string | null;
  billId?: string;
  orderId?: string;
  note?: string;
};

/**
 * The only way a balance changes (contract "Domain rules"): the balances and their ledger entry are written
 * together, inside the caller's transaction, so the balances always equal the ledger's sums. The caller holds
 * the user's row lock (FOR UPDATE) when the change depends on the balance. Returns the balances after it.
 */
export async function changeBalances(tx: DbOrTx, change: BalanceChange) {
  const balances = await addToBalances(tx, change.userId, change.availableDelta, change.totalDelta);
  const entry = await insertLedgerEntry(tx, {
    userId: change.userId,
    reason: change.type,
    availableDelta: change.availableDelta,
    totalDelta: change.totalDelta,
    billId: change.billId,
    orderId: change.orderId,
    actorId: change.actorId,
    note: change.note,
  });
  return { balances, entry };
}
