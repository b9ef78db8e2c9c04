import { idParamsSchema, ledgerEntryAnswer, ledgerListAnswer, listLedgerQuerySchema, pointsAdjustmentSchema } from '@app/common';
import type { AppDeps } from '../../deps';
import { answerList } from '../../lib/pagination';
import { CUSTOMER, defineRoute, STAFF, SUPERADMIN, type RouteDefinition } from '../../lib/route';
import { adjustPoints, readLedger, readLedgerOfUser } from './ledger.service';
import { deliveryFor } from '../outbox/outbox.service';

export function ledgerRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  return [
    // GET /api/user/ledger (customer) - own points ledger, newest first; page, limit
    defineRoute({
      method: 'get',
      path: '/user/ledger',
      access: CUSTOMER,
      answers: { 200: ledgerListAnswer },
      request: { query: listLedgerQuerySchema },
      handler: async ({ db, user, input, setHeader }) => answerList(await readLedger(db, user.id, input.query), setHeader),
    }),

    // GET /api/admin/users/{id}/ledger (admin, superadmin) - a user's points ledger, newest first (an admin: customers')
    defineRoute({
      method: 'get',
      path: '/admin/users/:id/ledger',
      access: STAFF,
      answers: { 200: ledgerListAnswer },
      request: { params: idParamsSchema, query: listLedgerQuerySchema },
      handler: async ({ db, user, input, setHeader }) =>
        answerList(await readLedgerOfUser(db, user, input.params.id, input.query), setHeader),
    }),

    // POST /api/superadmin/users/{id}/points-adjustment (superadmin) - {points, reason} → 201 the ledger entry
    defineRoute({
      method: 'post',
      path: '/superadmin/users/:id/points-adjustment',
      access: SUPERADMIN,
      answers: { 201: ledgerEntryAnswer },
      request: { params: idParamsSchema, body: pointsAdjustmentSchema },
      idempotent: true,
      handler: ({ db, now, user, input }) =>
        adjustPoints({ db, config: deps.config, delivery, now, actorId: user.id }, input.params.id, input.body),
    }),
  ];
}
