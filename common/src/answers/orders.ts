import { z } from 'zod';
import { ORDER_STATUSES } from '../constants/order-status';
import { addressLinesAnswer } from './addresses';
import { amount, instant, listOrPage, personReference, recordId } from './fields';
import { itemSummaryAnswer } from './items';
import { customerReferenceAnswer } from './users';

/** Contract: an order line's populated item, as it was when the order was placed (name and price kept). */
export const orderLineAnswer = z.object({
  _id: recordId,
  /** As it was when the order was placed. */
  itemId: itemSummaryAnswer,
  quantity: z.number().int().min(1),
  /** Points of one unit after discount, as charged. */
  pointsEach: amount,
});
export type OrderLine = z.infer<typeof orderLineAnswer>;

export const orderStatusChangeAnswer = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  at: instant,
  by: personReference.nullable(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeAnswer>;

/** The API shape of an order (spec §3): `address` is the snapshot taken at checkout, null when there was none. */
export const orderAnswer = z.object({
  _id: recordId,
  orderIdAlias: z.string(),
  orderDate: instant,
  status: z.enum(ORDER_STATUSES),
  userId: customerReferenceAnswer,
  items: z.array(orderLineAnswer),
  address: addressLinesAnswer.nullable(),
  totalValue: amount,
  history: z.array(orderStatusChangeAnswer),
});
export type Order = z.infer<typeof orderAnswer>;

/** GET /api/user/orders (the caller's own) and /api/admin/orders: the plain array, or a page with `page`. */
export const ordersListAnswer = listOrPage(orderAnswer);

/** POST /api/user/cart/checkout → 201. */
export const checkoutAnswer = z.object({ order: orderAnswer, availablePoints: amount });
export type CheckoutResponse = z.infer<typeof checkoutAnswer>;
