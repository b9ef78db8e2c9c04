import {
  changeOrderStatusSchema,
  checkoutAnswer,
  checkoutSchema,
  listOrdersQuerySchema,
  orderAnswer,
  orderIdParamsSchema,
  ordersListAnswer,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { answerList } from '../../lib/pagination';
import { CUSTOMER, defineRoute, STAFF, type RouteDefinition } from '../../lib/route';
import { changeOrderStatus, checkout, readOrders } from './orders.service';
import { deliveryFor } from '../outbox/outbox.service';

export function ordersRoutes(deps: AppDeps): RouteDefinition[] {
  // Whether the notifications of these routes' changes are also mailed and POSTed (the worker sends them).
  const delivery = deliveryFor(deps.config);
  return [
    // POST /api/user/cart/checkout (customer) - {addressId, items[{itemId, quantity}]} → 201 {order, availablePoints};
    // an Idempotency-Key header makes a retry replay the first answer (contract "Checkout")
    defineRoute({
      method: 'post',
      path: '/user/cart/checkout',
      access: CUSTOMER,
      answers: { 201: checkoutAnswer },
      request: { body: checkoutSchema },
      idempotent: true,
      handler: ({ db, user, now, input }) => checkout({ db, delivery, userId: user.id, now }, input.body),
    }),
    // GET /api/user/orders (customer) - the caller's own orders, newest first
    defineRoute({
      method: 'get',
      path: '/user/orders',
      access: CUSTOMER,
      answers: { 200: ordersListAnswer },
      request: { query: listOrdersQuerySchema },
      handler: async ({ db, user, input, setHeader }) =>
        answerList(await readOrders(db, input.query, { userId: user.id }), setHeader),
    }),
    // GET /api/admin/orders (admin, superadmin) - every order, newest first; q (order id or username), status, page, limit
    defineRoute({
      method: 'get',
      path: '/admin/orders',
      access: STAFF,
      answers: { 200: ordersListAnswer },
      request: { query: listOrdersQuerySchema },
      handler: async ({ db, input, setHeader }) => answerList(await readOrders(db, input.query), setHeader),
    }),
    // PATCH /api/admin/{orderId}/status (admin, superadmin) - {status}; a cancellation refunds once; cancelled is final (409)
    defineRoute({
      method: 'patch',
      path: '/admin/:orderId/status',
      access: STAFF,
      answers: { 200: orderAnswer },
      request: { params: orderIdParamsSchema, body: changeOrderStatusSchema },
      handler: ({ db, user, now, input }) =>
        changeOrderStatus({ db, delivery, actorId: user.id, now }, input.params.orderId, input.body),
    }),
  ];
}
