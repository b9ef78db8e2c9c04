import { z } from 'zod';
import { chosenIdSchema, idSchema } from './fields';

// Contract "Cart": one line per item, quantity 1–5 and never above stock; cart/add adds to an existing line.

export const MAX_CART_QUANTITY = 5;

export const cartQuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`);

/** An item a person picks: its message says what to do (issue 16), as the checkout's lines do. */
const cartItemIdSchema = chosenIdSchema('Choose an item');

export const addToCartSchema = z.object({
  itemId: cartItemIdSchema,
  quantity: cartQuantitySchema.default(1),
});
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** POST /api/user/cart/update: sets the line's quantity (spec §5: never below 1). */
export const updateCartSchema = z.object({ itemId: cartItemIdSchema, quantity: cartQuantitySchema });
export type UpdateCartInput = z.infer<typeof updateCartSchema>;

/** DELETE /api/user/cart/remove/{itemId}. */
export const cartItemParamsSchema = z.object({ itemId: idSchema });
