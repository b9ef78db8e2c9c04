import {
  fromHundredths,
  kolkataDate,
  type ExportBillsQuery,
  type ExportFormat,
  type ExportOrdersQuery,
  type ExportUsersQuery,
  type LedgerType,
} from '@app/common';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../../lib/auth';
import { StreamedAnswer } from '../../lib/streamed-answer';
import { mapBatches, type ExportColumn, type ExportTable } from '../../lib/table-export';
import { snapshotBills } from '../bills/bills.service';
import { findReadableLedgerOwner, snapshotLedger } from '../ledger/ledger.service';
import { orderAlias, snapshotOrders } from '../orders/orders.service';
import { snapshotUsers, type UserListFilter } from '../users/users.service';

// Contract "Exports": each export is the list its screen shows (same filters, same order), every row of it as
// it stood when the export began (db/snapshot-rows.ts), streamed as CSV or xlsx (lib/table-export.ts) under a
// dated file name.

/** `bills-2026-11-26`: the day in Asia/Kolkata the file was made. */
function datedName(name: string, now: Date): string {
  // A username may hold characters no file system takes in a name.
  // eslint-disable-next-line no-control-regex
  return `${name.replace(/[/\\:*?"<>|\u0000-\u001F]/g, '_')}-${kolkataDate(now)}`;
}

/** The table as a file named `<name>-<day>.<format>` (contract "Exports"). */
function datedFile(format: ExportFormat, name: string, now: Date, table: ExportTable, sheetName: string): StreamedAnswer {
  return StreamedAnswer.table(format, datedName(name, now), table, sheetName);
}

const userColumns: ExportColumn[] = [
  { header: 'Username', kind: 'text' },
  { header: 'Party name', kind: 'text' },
  { header: 'Phone number', kind: 'text' },
  { header: 'User type', kind: 'text' },
  { header: 'Tier', kind: 'text' },
  { header: 'Available points', kind: 'amount' },
  { header: 'Total points', kind: 'amount' },
  { header: 'Next points expiry', kind: 'date' },
  { header: 'Points expiring then', kind: 'amount' },
  { header: 'Blocked', kind: 'text' },
  { header: 'Created', kind: 'datetime' },
];

/**
 * GET /api/admin/export/users: what the caller's users screen lists. An admin's screen lists customers only
 * (GET /api/admin/users), so asking for another user type is refused; a superadmin's lists each user type
 * (GET /api/superadmin/allusers), every live user without one.
 */
export function exportUsers(db: Db, caller: AuthenticatedUser, query: ExportUsersQuery, now: Date): StreamedAnswer {
  if (caller.userType !== 'superadmin' && query.userType !== undefined && query.userType !== 'customer') {
    throw new AppError('FORBIDDEN', 'Admins can export customers only');
  }
  const filter: UserListFilter = { userType: caller.userType === 'superadmin' ? query.userType : 'customer', q: query.q };
  const rows = snapshotUsers(db, filter);
  const name = filter.userType === 'customer' ? 'customers' : filter.userType ? `${filter.userType}s` : 'users';
  return datedFile(
    query.format,
    name,
    now,
    {
      columns: userColumns,
      batches: mapBatches(rows, (user) => [
        user.username,
        user.partyName,
        user.phoneNumber,
        user.userType,
        user.userType === 'customer' ? user.tier : '',
        fromHundredths(user.availablePoints),
        fromHundredths(user.totalPoints),
        user.nextExpiryOn,
        user.nextExpiryPoints === null ? null : fromHundredths(user.nextExpiryPoints),
        user.blocked ? 'Yes' : 'No',
        user.createdAt,
      ]),
    },
    'Users',
  );
}

const billColumns: ExportColumn[] = [
  { header: 'Bill number', kind: 'text' },
  { header: 'Bill date', kind: 'date' },
  { header: 'Username', kind: 'text' },
  { header: 'Party name', kind: 'text' },
  { header: 'Amount (INR)', kind: 'amount' },
  { header: 'Tier', kind: 'text' },
  { header: 'Rate (INR per point)', kind: 'amount' },
  { header: 'Points', kind: 'amount' },
  { header: 'Bonus points', kind: 'amount' },
  { header: 'Campaign', kind: 'text' },
  { header: 'Entered', kind: 'datetime' },
];

/** GET /api/admin/export/bills: the bills screen's list (newest bill date first), searched like it. */
export function exportBills(db: Db, query: ExportBillsQuery, now: Date): StreamedAnswer {
  const rows = snapshotBills(db, { q: query.q });
  return datedFile(
    query.format,
    'bills',
    now,
    {
      columns: billColumns,
      batches: mapBatches(rows, (bill) => [
        bill.billNumber,
        bill.billDate,
        bill.username,
        bill.partyName,
        fromHundredths(bill.amountPaise),
        bill.tier,
        fromHundredths(bill.rateHundredths),
        fromHundredths(bill.points),
        fromHundredths(bill.bonusPoints),
        bill.campaignName,
        bill.createdAt,
      ]),
    },
    'Bills',
  );
}

const orderColumns: ExportColumn[] = [
  { header: 'Order', kind: 'text' },
  { header: 'Placed', kind: 'datetime' },
  { header: 'Username', kind: 'text' },
  { header: 'Party name', kind: 'text' },
  { header: 'Status', kind: 'text' },
  { header: 'Items', kind: 'text' },
  { header: 'Total points', kind: 'amount' },
  { header: 'City', kind: 'text' },
  { header: 'PIN code', kind: 'text' },
];

/** GET /api/admin/export/orders: the orders board's list (newest first), searched and filtered like it. */
export function exportOrders(db: Db, query: ExportOrdersQuery, now: Date): StreamedAnswer {
  const rows = snapshotOrders(db, { q: query.q, status: query.status });
  return datedFile(
    query.format,
    query.status ? `orders-${query.status.toLowerCase()}` : 'orders',
    now,
    {
      columns: orderColumns,
      batches: mapBatches(rows, (order) => [
        orderAlias(order.orderNumber),
        order.createdAt,
        order.username,
        order.partyName,
        order.status,
        order.lines,
        fromHundredths(order.totalPoints),
        order.city,
        order.pinCode,
      ]),
    },
    'Orders',
  );
}

const LEDGER_TYPE_NAMES: Record<LedgerType, string> = {
  bill_entered: 'Bill entered',
  bill_edited: 'Bill corrected',
  bill_deleted: 'Bill removed',
  order_placed: 'Order placed',
  order_cancelled: 'Order cancelled: points returned',
  adjustment: 'Adjustment',
  points_expired: 'Points expired',
  campaign_bonus: 'Campaign bonus',
};

const ledgerColumns: ExportColumn[] = [
  { header: 'When', kind: 'datetime' },
  { header: 'What', kind: 'text' },
  { header: 'Points', kind: 'amount' },
  { header: 'Balance after', kind: 'amount' },
  { header: 'Billing points', kind: 'amount' },
  { header: 'By', kind: 'text' },
  { header: 'Note', kind: 'text' },
];

/**
 * GET /api/admin/users/{id}/ledger/export: a user's whole points history, newest first, with the balance
 * after each entry; entries written meanwhile are not in the file.
 */
export async function exportLedger(
  db: Db,
  caller: AuthenticatedUser,
  userId: string,
  format: ExportFormat,
  now: Date,
): Promise<StreamedAnswer> {
  const owner = await findReadableLedgerOwner(db, caller, userId);
  const rows = snapshotLedger(db, userId);
  return datedFile(
    format,
    `points-${owner.username}`,
    now,
    {
      columns: ledgerColumns,
      batches: mapBatches(rows, (entry) => [
        entry.createdAt,
        LEDGER_TYPE_NAMES[entry.reason],
        fromHundredths(entry.availableDelta),
        fromHundredths(entry.availableAfter),
        fromHundredths(entry.totalDelta),
        entry.actor,
        entry.note,
      ]),
    },
    'Points history',
  );
}
