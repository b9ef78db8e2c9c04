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
import { keysetBatches, mapBatches, type ExportColumn, type ExportTable } from '../../lib/table-export';
import { listBillsAfter, type BillListCursor } from '../bills/bills.service';
import { findLedgerOwner, ledgerHead, listLedgerBefore } from '../ledger/ledger.service';
import { listOrdersAfter, orderAlias, type OrderListCursor } from '../orders/orders.service';
import { listUsersAfter, type UserListCursor, type UserListFilter } from '../users/users.service';

// Contract "Exports": each export is the list its screen shows (same filters, same order), every row of it,
// streamed as CSV or xlsx (lib/table-export.ts) under a dated file name.

/** `bills-2026-11-26`: the day in Asia/Kolkata the file was made. */
function datedName(name: string, now: Date): string {
  // A username may hold characters no file system takes in a name.
  // eslint-disable-next-line no-control-regex
  return `${name.replace(/[/\\:*?"<>|\u0000-\u001F]/g, '_')}-${kolkataDate(now)}`;
}

function answer(format: ExportFormat, name: string, now: Date, table: ExportTable, sheetName: string): StreamedAnswer {
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
  const rows = keysetBatches(
    (after: UserListCursor | undefined, limit: number) => listUsersAfter(db, filter, after, limit),
    (row) => ({ usernameKey: row.usernameKey, id: row.id }),
  );
  const name = filter.userType === 'customer' ? 'customers' : filter.userType ? `${filter.userType}s` : 'users';
  return answer(
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
  { header: 'Entered', kind: 'datetime' },
];

/** GET /api/admin/export/bills: the bills screen's list (newest bill date first), searched like it. */
export function exportBills(db: Db, query: ExportBillsQuery, now: Date): StreamedAnswer {
  const rows = keysetBatches(
    (after: BillListCursor | undefined, limit: number) => listBillsAfter(db, { q: query.q }, after, limit),
    (row) => ({ billDate: row.billDate, createdAt: row.createdAtKey, id: row.id }),
  );
  return answer(
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
  const rows = keysetBatches(
    (after: OrderListCursor | undefined, limit: number) =>
      listOrdersAfter(db, { q: query.q, status: query.status }, after, limit),
    (row) => ({ createdAt: row.createdAtKey, orderNumber: row.orderNumber }),
  );
  return answer(
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
 * after each entry. The balance is carried down from the total at the start rather than summed per batch;
 * entries written meanwhile come after the starting point and are not in the file.
 */
export async function exportLedger(
  db: Db,
  caller: AuthenticatedUser,
  userId: string,
  format: ExportFormat,
  now: Date,
): Promise<StreamedAnswer> {
  const owner = await findLedgerOwner(db, userId);
  if (!owner) throw new AppError('NOT_FOUND', 'User not found');
  if (caller.userType !== 'superadmin' && owner.userType !== 'customer') {
    throw new AppError('FORBIDDEN', 'Admins can export the points history of customers only');
  }
  const head = await ledgerHead(db, userId);
  let balanceAfter = head.available;
  const rows =
    head.seq === null
      ? (async function* () {})()
      : keysetBatches(
          (after: number | undefined, limit) => listLedgerBefore(db, userId, after ?? head.seq!, limit),
          (row) => row.seq - 1,
        );
  return answer(
    format,
    `points-${owner.username}`,
    now,
    {
      columns: ledgerColumns,
      batches: mapBatches(rows, (entry) => {
        const row = [
          entry.createdAt,
          LEDGER_TYPE_NAMES[entry.reason],
          fromHundredths(entry.availableDelta),
          fromHundredths(balanceAfter),
          fromHundredths(entry.totalDelta),
          entry.actor,
          entry.note,
        ];
        balanceAfter -= entry.availableDelta;
        return row;
      }),
    },
    'Points history',
  );
}
