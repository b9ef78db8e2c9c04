import { fromHundredths, type Bill, type BillChange } from '@app/common';
import type { BillCustomerRow, BillRow } from './bills.repository';

/** The API shape of a bill (spec §3): `userId` populated (contract), amounts and points as numbers. */
export function toBillResponse(row: BillRow, customer: BillCustomerRow): Bill {
  return {
    _id: row.id,
    userId: { _id: customer.id, username: customer.username, partyName: customer.partyName, tier: customer.tier },
    billNumber: row.billNumber,
    billDate: row.billDate,
    billAmount: fromHundredths(row.amountPaise),
    points: fromHundredths(row.points),
    rate: fromHundredths(row.rateHundredths),
    tier: row.tier,
    bonusPoints: fromHundredths(row.bonusPoints),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer's balances as stored (hundredths of a point). */
export type Balances = { availablePoints: number; totalPoints: number };

/** What entering, editing or deleting a bill answers: the bill and the customer's balances after it. */
export function toBillChange(row: BillRow, customer: BillCustomerRow, balances: Balances): BillChange {
  return {
    ...toBillResponse(row, customer),
    customerPoints: {
      availablePoints: fromHundredths(balances.availablePoints),
      totalPoints: fromHundredths(balances.totalPoints),
    },
    negativeBalance: balances.availablePoints < 0,
  };
}
