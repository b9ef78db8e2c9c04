import { fromHundredths, type Bill } from '@app/common';
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
    createdAt: row.createdAt.toISOString(),
  };
}
