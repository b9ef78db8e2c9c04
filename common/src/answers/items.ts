import { z } from 'zod';
import { amount, count, deletedAnswer, instant, recordId } from './fields';

/** The API shape of a catalogue item (spec §3). Points are numbers with at most 2 decimals. */
export const itemAnswer = z.object({
  _id: recordId,
  name: z.string(),
  description: z.string(),
  pointsRequired: amount,
  discount: amount,
  stock: count,
  /** Relative paths without a leading slash ("uploads/…"), served at /uploads/… (contract "Shapes"). */
  images: z.array(z.string()),
  image: z.string().nullable(),
  createdAt: instant,
});
export type Item = z.infer<typeof itemAnswer>;

/** An item as a cart line or an order line names it (the contract's populated `itemId`). */
export const itemSummaryAnswer = itemAnswer.pick({ _id: true, name: true, pointsRequired: true, discount: true, images: true });

/** GET /api/item: the catalogue. */
export const catalogueAnswer = z.array(itemAnswer);

/** The answer of DELETE /api/item/{id}. */
export const deleteItemAnswer = deletedAnswer;
export type DeleteItemResponse = z.infer<typeof deleteItemAnswer>;
