import { z } from 'zod';
import { ORDER_STATUSES } from '../constants/order-status';
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
