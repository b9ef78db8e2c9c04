import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../constants/order-status';
import type { Address } from './addresses';
import type { CustomerReference } from './users';
import { cartQuantitySchema } from './cart';
import { chosenIdSchema, idSchema, pagedListQuery } from './fields';

// Contract "Checkout" and "Orders". The client sends only which items and how many: the server prices every
// line itself, so any price, discount or total in the body is ignored.

/** Lines in one order at most (a cart holds one line per item; this bounds one request's work). */
export const MAX_ORDER_LINES = 50;

export const checkoutSchema = z.object({
  addressId: chosenIdSchema('Choose a delivery address'),
  items: z
    .array(z.object({ itemId: chosenIdSchema('Choose an item'), quantity: cartQuantitySchema }), {
      error: 'The items to order must be a list',
    })
    .min(1, 'The order has no items')
    .max(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines`)
    .refine((lines) => new Set(lines.map((orderLine) => orderLine.itemId)).size === lines.length, {
      message: 'Each item may appear once in an order',
    }),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` });

export const changeOrderStatusSchema = z.object({ status: orderStatusSchema });
export type ChangeOrderStatusInput = z.infer<typeof changeOrderStatusSchema>;

export const orderIdParamsSchema = z.object({ orderId: idSchema });

export const listOrdersQuerySchema = pagedListQuery().extend({
  q: z.string().trim().max(100).optional(),
  status: orderStatusSchema.optional(),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuerySchema>;

/** Contract: an order line's populated item, as it was when the order was placed (name and price kept). */
export type OrderLine = {
  _id: string;
  itemId: { _id: string; name: string; pointsRequired: number; discount: number; images: string[] };
  quantity: number;
  /** Points of one unit after discount, as charged. */
  pointsEach: number;
};

export type OrderStatusChange = {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  by: { _id: string; username: string } | null;
};

/** The API shape of an order (spec §3): `address` is the snapshot taken at checkout, null when there was none. */
export type Order = {
  _id: string;
  orderIdAlias: string;
  orderDate: string;
  status: OrderStatus;
  userId: CustomerReference;
  items: OrderLine[];
  address: Omit<Address, '_id' | 'default'> | null;
  totalValue: number;
  history: OrderStatusChange[];
};

/** POST /api/user/cart/checkout → 201. */
export type CheckoutResponse = { order: Order; availablePoints: number };
