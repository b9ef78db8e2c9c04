import {
  billPointsHundredths,
  campaignBonusHundredths,
  fromHundredths,
  kolkataDate,
  pointsExpireOn,
  toHundredths,
  type Bill,
  type TOTAL_POINTS_LEDGER_TYPES,
  type BillChange,
  type CreateBillInput,
  type ListBillsQuery,
  type UpdateBillInput,
} from '@app/common';
import type { Config } from '../../config';
import { inTransaction } from '../../db/transactions';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readList, type ListAnswer } from '../../lib/pagination';
import { isUniqueViolation } from '../../lib/postgres-errors';
import { recordAudit } from '../audit/audit.service';
import { campaignForBill } from '../campaigns/campaigns.service';
import { changeBalances, lockLiveUser } from '../ledger/ledger.service';
import { notifyUser } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import { readSettings } from '../settings/settings.service';
import { toBillChange, toBillResponse, type Balances } from './bills.mapper';
import { billNumberTaken, findLiveBill, insertBill, listBills, updateBill, type BillRow } from './bills.repository';

type BillContext = { db: Db; config: Config; delivery: Delivery; now: Date; actorId: string };

const DUPLICATE_BILL_NUMBER = 'A bill with this number already exists';

function refuseFutureDate(billDate: string, now: Date): void {
  if (billDate > kolkataDate(now)) {
    throw new AppError('VALIDATION_FAILED', 'Bill date cannot be in the future', {
      details: [{ field: 'billDate', message: 'Bill date cannot be in the future' }],
    });
  }
}

function duplicateNumber(): AppError {
  return new AppError('DUPLICATE_BILL_NUMBER', DUPLICATE_BILL_NUMBER, {
    details: [{ field: 'billNumber', message: DUPLICATE_BILL_NUMBER }],
  });
}

/** Runs a bill change; a unique violation that slipped past the check (two entries at once) is the same 409. */
async function withBillNumberGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

/**
 * POST /api/bill: a bill for a live customer, priced at the customer's tier rate now (kept on the bill),
 * its points added to both balances with a `bill_entered` ledger entry, all in one transaction.
 */
export async function enterBill(context: BillContext, input: CreateBillInput): Promise<BillChange> {
  const billDate = input.billDate ?? kolkataDate(context.now);
  refuseFutureDate(billDate, context.now);
  return withBillNumberGuard(() =>
    inTransaction(context.db, async (tx) => {
      const customer = await lockLiveUser(tx, input.userId);
      if (!customer) throw new AppError('NOT_FOUND', 'Customer not found');
      if (customer.userType !== 'customer') {
        throw new AppError('VALIDATION_FAILED', 'Bills are entered for customers only', {
          details: [{ field: 'userId', message: 'Bills are entered for customers only' }],
        });
      }
      if (await billNumberTaken(tx, input.billNumber)) throw duplicateNumber();
      const { tierPointsConversion, pointsExpiryMonths } = await readSettings(tx, context.config, [
        'tierPointsConversion',
        'pointsExpiryMonths',
      ] as const);
      const rateHundredths = toHundredths(tierPointsConversion[customer.tier]);
      const amountPaise = toHundredths(input.billAmount);
      const points = billPointsHundredths(amountPaise, rateHundredths);
      // Contract "bonus campaigns": the campaign of the bill's date and the customer's tier, kept on the bill.
      const campaign = await campaignForBill(tx, billDate, customer.tier);
      const bonus = campaign ? campaignBonusHundredths(points, campaign.multiplierHundredths) : 0;
      const bill = await insertBill(tx, {
        billNumber: input.billNumber,
        userId: customer.id,
        billDate,
        amountPaise,
        rateHundredths,
        tier: customer.tier,
        points,
        campaignId: campaign?.id ?? null,
        campaignName: campaign?.name ?? null,
        bonusMultiplierHundredths: campaign?.multiplierHundredths ?? null,
        bonusPoints: bonus,
        createdBy: context.actorId,
      });
      const expiresOn = pointsExpireOn(billDate, pointsExpiryMonths);
      const entered = await moveBillPoints(tx, customer, {
        billId: bill.id,
        type: 'bill_entered',
        difference: points,
        actorId: context.actorId,
        expiresOn,
      });
      const balances = await moveBillPoints(
        tx,
        { ...customer, ...entered },
        {
          billId: bill.id,
          type: 'campaign_bonus',
          difference: bonus,
          actorId: context.actorId,
          expiresOn,
          note: bill.campaignName,
        },
      );
      await notifyBill(tx, context.delivery, 'bill_entered', bill, points + bonus, balances);
      await recordAudit(tx, {
        actorId: context.actorId,
        action: 'bill.enter',
        entity: 'bill',
        entityId: bill.id,
        after: billAudit(bill),
      });
      return toBillChange(bill, customer, balances);
    }),
  );
}

/** Contract "language and notifications": the customer is told of each bill change, with the points it moved. */
function notifyBill(
  tx: DbOrTx,
  delivery: Delivery,
  type: 'bill_entered' | 'bill_edited' | 'bill_deleted',
  bill: BillRow,
  pointsChange: number,
  balances: Balances,
): Promise<void> {
  return notifyUser(tx, delivery, bill.userId, type, {
    billNumber: bill.billNumber,
    points: fromHundredths(pointsChange),
    availablePoints: fromHundredths(balances.availablePoints),
  });
}

function billAudit(bill: BillRow) {
  return {
    billNumber: bill.billNumber,
    billDate: bill.billDate,
    billAmount: fromHundredths(bill.amountPaise),
    points: fromHundredths(bill.points),
    rate: fromHundredths(bill.rateHundredths),
    tier: bill.tier,
    ...(bill.campaignName ? { campaign: bill.campaignName, bonusPoints: fromHundredths(bill.bonusPoints) } : {}),
  };
}

/** Locks the bill's customer, then the bill (the order every balance change takes), and checks both are live. */
async function lockBillAndCustomer(tx: DbOrTx, billId: string) {
  const found = await findLiveBill(tx, billId);
  if (!found) throw new AppError('NOT_FOUND', 'Bill not found');
  const customer = await lockLiveUser(tx, found.userId);
  const bill = await findLiveBill(tx, billId, { lock: true });
  if (!bill) throw new AppError('NOT_FOUND', 'Bill not found');
  // A deleted customer's bills stay for audit but no longer move points.
  if (!customer) throw new AppError('CONFLICT', "This bill's customer has been deleted; their bills can no longer change");
  return { bill, customer };
}

/**
 * A bill's points (or its campaign bonus) moved on both balances, with their ledger entry; a correction or bonus
 * that moves nothing writes no entry (the ledger records changes of a balance). Points taken back come from the bill's own lots first; points
 * added expire on `expiresOn`. Answers the balances after it.
 */
async function moveBillPoints(
  tx: DbOrTx,
  customer: Balances & { id: string },
  move: {
    billId: string;
    type: (typeof TOTAL_POINTS_LEDGER_TYPES)[number];
    difference: number;
    actorId: string;
    expiresOn: string | null;
    /** A campaign bonus names its campaign. */
    note?: string | null;
  },
): Promise<Balances> {
  const { billId, type, difference, actorId, expiresOn } = move;
  // A bill's entry is written even when it earns nothing (a NoTier customer's): the ledger shows every bill.
  if (difference === 0 && type !== 'bill_entered')
    return { availablePoints: customer.availablePoints, totalPoints: customer.totalPoints };
  const { balances } = await changeBalances(tx, {
    userId: customer.id,
    type,
    availableDelta: difference,
    totalDelta: difference,
    actorId,
    billId,
    availableBefore: customer.availablePoints,
    expiresOn,
    ...(move.note ? { note: move.note } : {}),
  });
  return balances;
}

/** The bonus a bill's points earn at the campaign it was entered in (0 without one). */
const bonusOf = (bill: Pick<BillRow, 'bonusMultiplierHundredths'>, points: number) =>
  bill.bonusMultiplierHundredths === null ? 0 : campaignBonusHundredths(points, bill.bonusMultiplierHundredths);

/**
 * PATCH /api/bill/{id}: number, date or amount. A new amount is priced at the bill's own rate (kept from its
 * entry), and the difference in points goes to both balances with a `bill_edited` entry; availablePoints may
 * go below zero (the answer says so).
 */
export async function editBill(context: BillContext, billId: string, patch: UpdateBillInput): Promise<BillChange> {
  if (patch.billDate !== undefined) refuseFutureDate(patch.billDate, context.now);
  return withBillNumberGuard(() =>
    inTransaction(context.db, async (tx) => {
      const { bill, customer } = await lockBillAndCustomer(tx, billId);
      if (patch.billNumber !== undefined && (await billNumberTaken(tx, patch.billNumber, bill.id))) throw duplicateNumber();
      const amountPaise = patch.billAmount === undefined ? bill.amountPaise : toHundredths(patch.billAmount);
      const points = billPointsHundredths(amountPaise, bill.rateHundredths);
      // The bonus is recomputed with the bill's own campaign multiplier, whatever became of the campaign.
      const bonus = bonusOf(bill, points);
      const updated = await updateBill(tx, bill.id, {
        billNumber: patch.billNumber ?? bill.billNumber,
        billDate: patch.billDate ?? bill.billDate,
        amountPaise,
        points,
        bonusPoints: bonus,
      });
      // Points added by a correction expire as the bill's date and today's setting say; those taken back leave
      // the bill's own lots first.
      const { pointsExpiryMonths } = await readSettings(tx, context.config, ['pointsExpiryMonths'] as const);
      const expiresOn = pointsExpireOn(updated.billDate, pointsExpiryMonths);
      const edited = await moveBillPoints(tx, customer, {
        billId: bill.id,
        type: 'bill_edited',
        difference: points - bill.points,
        actorId: context.actorId,
        expiresOn,
      });
      const balances = await moveBillPoints(
        tx,
        { ...customer, ...edited },
        {
          billId: bill.id,
          type: 'campaign_bonus',
          difference: bonus - bill.bonusPoints,
          actorId: context.actorId,
          expiresOn,
          note: bill.campaignName,
        },
      );
      const moved = points - bill.points + (bonus - bill.bonusPoints);
      await notifyBill(tx, context.delivery, 'bill_edited', updated, moved, balances);
      await recordAudit(tx, {
        actorId: context.actorId,
        action: 'bill.edit',
        entity: 'bill',
        entityId: bill.id,
        before: billAudit(bill),
        after: billAudit(updated),
      });
      return toBillChange(updated, customer, balances);
    }),
  );
}

/** DELETE /api/bill/{id}: the bill is removed from lists (kept for audit) and its points taken back (`bill_deleted`). */
export async function deleteBill(context: BillContext, billId: string): Promise<BillChange> {
  return inTransaction(context.db, async (tx) => {
    const { bill, customer } = await lockBillAndCustomer(tx, billId);
    const deleted = await updateBill(tx, bill.id, { deletedAt: context.now });
    const withoutBill = await moveBillPoints(tx, customer, {
      billId: bill.id,
      type: 'bill_deleted',
      difference: -bill.points,
      actorId: context.actorId,
      expiresOn: null,
    });
    // The campaign bonus goes with the bill.
    const balances = await moveBillPoints(
      tx,
      { ...customer, ...withoutBill },
      {
        billId: bill.id,
        type: 'campaign_bonus',
        difference: -bill.bonusPoints,
        actorId: context.actorId,
        expiresOn: null,
        note: bill.campaignName,
      },
    );
    await notifyBill(tx, context.delivery, 'bill_deleted', bill, -(bill.points + bill.bonusPoints), balances);
    await recordAudit(tx, {
      actorId: context.actorId,
      action: 'bill.delete',
      entity: 'bill',
      entityId: bill.id,
      before: billAudit(bill),
    });
    return toBillChange(deleted, customer, balances);
  });
}

/** GET /api/bill (staff: every customer's) and GET /api/bill/user (a customer: their own), newest first. */
export function listBillsFor(db: Db, query: ListBillsQuery, userId?: string): Promise<ListAnswer<Bill>> {
  const filter = { q: query.q || undefined, userId };
  return readList(
    query,
    (window) => listBills(db, filter, window),
    (row) => toBillResponse(row.bill, row.customer),
  );
}

// Exports (issue 17) read the list the bills screen shows, in batches.
export { snapshotBills } from './bills.repository';
