import {
  billChangeAnswer,
  billsListAnswer,
  createBillSchema,
  idParamsSchema,
  listBillsQuerySchema,
  updateBillSchema,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { answerList } from '../../lib/pagination';
import { CUSTOMER, defineRoute, STAFF, type RouteDefinition } from '../../lib/route';
import { deleteBill, editBill, enterBill, listBillsFor } from './bills.service';
import { deliveryFor } from '../outbox/outbox.service';

export function billsRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  return [
    // POST /api/bill (admin, superadmin) - {userId, billNumber, billDate?, billAmount} → 201 the bill and balances
    defineRoute({
      method: 'post',
      path: '/bill',
      access: STAFF,
      answers: { 201: billChangeAnswer },
      request: { body: createBillSchema },
      idempotent: true,
      handler: ({ db, now, user, input }) => enterBill({ db, config: deps.config, delivery, now, actorId: user.id }, input.body),
    }),

    // GET /api/bill (admin, superadmin) - every live bill; q (bill number or username), page, limit
    defineRoute({
      method: 'get',
      path: '/bill',
      access: STAFF,
      answers: { 200: billsListAnswer },
      request: { query: listBillsQuerySchema },
      handler: async ({ db, input, setHeader }) => answerList(await listBillsFor(db, input.query), setHeader),
    }),

    // GET /api/bill/user (customer) - the caller's own bills, newest first
    defineRoute({
      method: 'get',
      path: '/bill/user',
      access: CUSTOMER,
      answers: { 200: billsListAnswer },
      request: { query: listBillsQuerySchema },
      handler: async ({ db, user, input, setHeader }) => answerList(await listBillsFor(db, input.query, user.id), setHeader),
    }),

    // PATCH /api/bill/{id} (admin, superadmin) - {billNumber?, billDate?, billAmount?} → the bill and balances
    defineRoute({
      method: 'patch',
      path: '/bill/:id',
      access: STAFF,
      answers: { 200: billChangeAnswer },
      request: { params: idParamsSchema, body: updateBillSchema },
      handler: ({ db, now, user, input }) =>
        editBill({ db, config: deps.config, delivery, now, actorId: user.id }, input.params.id, input.body),
    }),

    // DELETE /api/bill/{id} (admin, superadmin) - takes the bill's points back → the bill and balances
    defineRoute({
      method: 'delete',
      path: '/bill/:id',
      access: STAFF,
      answers: { 200: billChangeAnswer },
      request: { params: idParamsSchema },
      handler: ({ db, now, user, input }) =>
        deleteBill({ db, config: deps.config, delivery, now, actorId: user.id }, input.params.id),
    }),
  ];
}
