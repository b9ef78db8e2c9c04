import { z } from 'zod';
import { count, recordId } from './fields';
import { itemSummaryAnswer } from './items';

/** A cart line as the spec's client reads it: the item populated with what the cart shows. */
export const cartLineAnswer = z.object({
  _id: recordId,
  itemId: itemSummaryAnswer.extend({ stock: count }),
  quantity: z.number().int().min(1),
});
export type CartLine = z.infer<typeof cartLineAnswer>;

/** GET /api/user/cart and every change of it (contract "Shapes"). */
export const cartAnswer = z.object({ items: z.array(cartLineAnswer) });
export type Cart = z.infer<typeof cartAnswer>;
