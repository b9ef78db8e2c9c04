import { idParamsSchema, listLedgerQuerySchema, pointsAdjustmentSchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { CUSTOMER, defineRoute, STAFF, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { adjustPoints, readLedger, readLedgerOfUser, type LedgerList } from './ledger.service';

/** Contract: with `page` a list answers { items, total, page, limit }; without, the plain (capped) array. */
function answerList(list: LedgerList, setHeader: (name: string, value: string) => void) {
  if (list.kind === 'page') return list.page;
  setHeader('X-Total-Count', String(list.total));
  return list.entries;
}

export function ledgerRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/user/ledger (customer) - own points ledger, newest first; page, limit
    defineRoute({
      method: 'get',
      path: '/user/ledger',
      access: CUSTOMER,
      request: { query: listLedgerQuerySchema },
      handler: async ({ db, user, input, setHeader }) => answerList(await readLedger(db, user.id, input.query), setHeader),
    }),

    // GET /api/admin/users/{id}/ledger (admin, superadmin) - a user's points ledger, newest first
    defineRoute({
      method: 'get',
      path: '/admin/users/:id/ledger',
      access: STAFF,
      request: { params: idParamsSchema, query: listLedgerQuerySchema },
      handler: async ({ db, input, setHeader }) =>
        answerList(await readLedgerOfUser(db, input.params.id, input.query), setHeader),
    }),

    // POST /api/superadmin/users/{id}/points-adjustment (superadmin) - {points, reason} → 201 the ledger entry
    defineRoute({
      method: 'post',
      path: '/superadmin/users/:id/points-adjustment',
      access: SUPERADMIN,
      request: { params: idParamsSchema, body: pointsAdjustmentSchema },
      idempotent: true,
      status: 201,
      handler: ({ db, user, input }) => adjustPoints(db, user.id, input.params.id, input.body),
    }),
  ];
}
