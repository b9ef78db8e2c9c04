import {
  fromHundredths,
  kolkataDate,
  pointsExpireOn,
  toHundredths,
  type LedgerEntry,
  type ListLedgerQuery,
  type PointsAdjustmentInput,
} from '@app/common';
import type { Config } from '../../config';
import { inTransaction } from '../../db/transactions';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readList, type ListAnswer } from '../../lib/pagination';
import { recordAudit } from '../audit/audit.service';
import { notifyUser } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import type { AuthenticatedUser } from '../../lib/auth';
import { readSettings } from '../settings/settings.service';
import {
  addToBalancesWithEntry,
  balanceChangeStatements,
  type BalanceChange,
  findActor,
  findLedgerOwner,
  listLedger,
  lockLiveUser,
  lockUser,
} from './ledger.repository';

// Callers that change a balance lock its owner first (bills.service): the one lock every balance change takes.
export { lockLiveUser, lockUser };
// changeBalances as statements, for checkout, which runs them inside its own statement.
export { balanceChangeStatements, type BalanceChange };

/**
 * The only way a balance changes (contract "Domain rules"): the balances and their ledger entry are written
 * together, inside the caller's transaction, so the balances always equal the ledger's sums. The caller holds
 * the user's row lock (FOR UPDATE) when the change depends on the balance. Returns the balances after it.
 */
export async function changeBalances(tx: DbOrTx, change: BalanceChange) {
  return addToBalancesWithEntry(tx, change);
}

/** The API shape of a ledger entry (contract). */
function toLedgerEntry(row: Awaited<ReturnType<typeof listLedger>>['rows'][number]): LedgerEntry {
  const { entry, actor } = row;
  return {
    _id: entry.id,
    type: entry.reason,
    points: fromHundredths(entry.availableDelta),
    availableAfter: fromHundredths(row.availableAfter),
    createdAt: entry.createdAt.toISOString(),
    createdBy: actor ? { _id: actor.id, username: actor.username } : null,
    ...(entry.billId ? { billId: entry.billId } : {}),
    ...(entry.orderId ? { orderId: entry.orderId } : {}),
    ...(entry.note ? { note: entry.note } : {}),
  };
}

/** GET /api/user/ledger (own) and GET /api/admin/users/{id}/ledger (staff): newest first. */
export function readLedger(db: Db, userId: string, query: ListLedgerQuery): Promise<ListAnswer<LedgerEntry>> {
  return readList(query, (window) => listLedger(db, userId, window), toLedgerEntry);
}

/**
 * Whose points history `caller` may read, as JSON or as a file: the user must exist (a deleted customer's ledger
 * stays readable); an admin reads customers' only, a superadmin anyone's (issue 30: the JSON answered an empty
 * list for a staff account while its export answered 403).
 */
export async function findReadableLedgerOwner(db: Db, caller: Pick<AuthenticatedUser, 'userType'>, userId: string) {
  const owner = await findLedgerOwner(db, userId);
  if (!owner) throw new AppError('NOT_FOUND', 'User not found');
  if (caller.userType !== 'superadmin' && owner.userType !== 'customer') {
    throw new AppError('FORBIDDEN', 'Admins can see the points history of customers only');
  }
  return owner;
}

/** GET /api/admin/users/{id}/ledger. */
export async function readLedgerOfUser(
  db: Db,
  caller: Pick<AuthenticatedUser, 'userType'>,
  userId: string,
  query: ListLedgerQuery,
): Promise<ListAnswer<LedgerEntry>> {
  await findReadableLedgerOwner(db, caller, userId);
  return readLedger(db, userId, query);
}

/**
 * POST /api/superadmin/users/{id}/points-adjustment: a signed change of a live customer's availablePoints
 * (totalPoints is billing only), with the reason kept on the entry and in the audit log. 201 the entry. Points
 * added expire counting from the month they were added (contract "points expiry").
 */
export async function adjustPoints(
  context: { db: Db; config: Config; delivery: Delivery; now: Date; actorId: string },
  userId: string,
  input: PointsAdjustmentInput,
): Promise<LedgerEntry> {
  const { db, delivery, actorId } = context;
  return inTransaction(db, async (tx) => {
    const customer = await lockLiveUser(tx, userId);
    if (!customer) throw new AppError('NOT_FOUND', 'User not found');
    if (customer.userType !== 'customer') {
      throw new AppError('VALIDATION_FAILED', 'Points are adjusted for customers only');
    }
    const delta = toHundredths(input.points);
    const { pointsExpiryMonths } = await readSettings(tx, context.config, ['pointsExpiryMonths'] as const);
    const { balances, entry } = await changeBalances(tx, {
      userId,
      type: 'adjustment',
      availableDelta: delta,
      totalDelta: 0,
      actorId,
      note: input.reason,
      availableBefore: customer.availablePoints,
      expiresOn: pointsExpireOn(kolkataDate(context.now), pointsExpiryMonths),
    });
    await notifyUser(tx, delivery, userId, 'points_adjusted', {
      points: fromHundredths(delta),
      reason: input.reason,
      availablePoints: fromHundredths(balances.availablePoints),
    });
    await recordAudit(tx, {
      actorId,
      action: 'points.adjust',
      entity: 'user',
      entityId: userId,
      before: { availablePoints: fromHundredths(customer.availablePoints) },
      after: { availablePoints: fromHundredths(balances.availablePoints), reason: input.reason },
    });
    const actor = await findActor(tx, actorId);
    return toLedgerEntry({ entry, availableAfter: balances.availablePoints, actor: actor ?? null });
  });
}

// Exports read a points history from one snapshot (db/snapshot-rows.ts).
export { findUsersOffTheirLedger, snapshotLedger } from './ledger.repository';
export { findUsersOffTheirLots } from './point-lots.repository';
