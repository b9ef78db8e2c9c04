import {
  exportBillsQuerySchema,
  exportLedgerQuerySchema,
  exportOrdersQuerySchema,
  exportUsersQuerySchema,
  idParamsSchema,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, STAFF, type RouteDefinition } from '../../lib/route';
import { TABLE_FILE_ANSWER } from '../../lib/streamed-answer';
import { exportSlots } from './export-slots';
import { exportBills, exportLedger, exportOrders, exportUsers } from './exports.service';

// Contract "Exports": attachments streamed as CSV (default) or xlsx, with the filters of the screen's list.

export function exportsRoutes(_deps: AppDeps): RouteDefinition[] {
  // This server's exports: a third at once is refused with 429 and Retry-After (export-slots.ts).
  const inSlot = exportSlots();
  return [
    // GET /api/admin/export/users (admin, superadmin) - the users list as a csv or xlsx file; q, userType (an admin: customers only)
    defineRoute({
      method: 'get',
      path: '/admin/export/users',
      access: STAFF,
      answers: { 200: TABLE_FILE_ANSWER },
      request: { query: exportUsersQuerySchema },
      handler: ({ db, user, input, now }) => inSlot(() => exportUsers(db, user, input.query, now)),
    }),

    // GET /api/admin/export/bills (admin, superadmin) - the bills list as a csv or xlsx file; q
    defineRoute({
      method: 'get',
      path: '/admin/export/bills',
      access: STAFF,
      answers: { 200: TABLE_FILE_ANSWER },
      request: { query: exportBillsQuerySchema },
      handler: ({ db, input, now }) => inSlot(() => exportBills(db, input.query, now)),
    }),

    // GET /api/admin/export/orders (admin, superadmin) - the orders list as a csv or xlsx file; q, status
    defineRoute({
      method: 'get',
      path: '/admin/export/orders',
      access: STAFF,
      answers: { 200: TABLE_FILE_ANSWER },
      request: { query: exportOrdersQuerySchema },
      handler: ({ db, input, now }) => inSlot(() => exportOrders(db, input.query, now)),
    }),

    // GET /api/admin/users/{id}/ledger/export (admin, superadmin) - a points history as a csv or xlsx file (an admin: customers')
    defineRoute({
      method: 'get',
      path: '/admin/users/:id/ledger/export',
      access: STAFF,
      answers: { 200: TABLE_FILE_ANSWER },
      request: { params: idParamsSchema, query: exportLedgerQuerySchema },
      handler: ({ db, user, input, now }) => inSlot(() => exportLedger(db, user, input.params.id, input.query.format, now)),
    }),
  ];
}
