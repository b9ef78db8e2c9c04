import { z } from 'zod';
import { formatNumber } from '../money';
import { idSchema, singleLineText, storedAmount } from './fields';

// Contract "Items": pointsRequired > 0, 0 ≤ discount < pointsRequired, stock a whole number ≥ 0. Item create
// and update are multipart (spec §7), so every field may arrive as text: a numeric string is read as its
// number, and a missing or empty discount is 0 (spec §5).

/** Items priced above this are a typing mistake (a crore of points). */
export const MAX_ITEM_POINTS = 10_000_000;
/** Stock above this is a typing mistake. */
export const MAX_ITEM_STOCK = 1_000_000;
export const MAX_ITEM_NAME_LENGTH = 120;
/** Of the description as sent, before the server sanitises it. */
export const MAX_ITEM_DESCRIPTION_LENGTH = 20_000;
/** Contract "Items": images at most 5 MB. */
export const MAX_ITEM_IMAGE_BYTES = 5 * 1024 * 1024;

const numericText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const emptyAsZero = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? 0 : numericText(value);

export const itemFormSchema = z
  .object({
    // Issue 30: one line; the description below is the item's multi-line text.
    name: singleLineText('Item name', { max: MAX_ITEM_NAME_LENGTH }),
    // Spec §5: required. The server stores it sanitised (contract "Items"); HTML, so line breaks are kept.
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(
        MAX_ITEM_DESCRIPTION_LENGTH,
        `Description must be at most ${formatNumber(MAX_ITEM_DESCRIPTION_LENGTH, 'en-IN')} characters`,
      ),
    pointsRequired: z.preprocess(
      numericText,
      storedAmount(MAX_ITEM_POINTS, {
        tooLarge: 'Points required is too large',
        notANumber: 'Points required must be a number',
      }).refine((points) => points > 0, { message: 'Points required must be more than 0' }),
    ),
    discount: z.preprocess(
      emptyAsZero,
      storedAmount(MAX_ITEM_POINTS, { tooLarge: 'Discount is too large', notANumber: 'Discount must be a number' }).refine(
        (discount) => discount >= 0,
        { message: 'Discount cannot be negative' },
      ),
    ),
    stock: z.preprocess(
      numericText,
      z
        .number({ error: 'Stock must be a number' })
        .int('Stock must be a whole number')
        .min(0, 'Stock cannot be negative')
        .max(MAX_ITEM_STOCK, 'Stock is too large'),
    ),
  })
  .refine((item) => item.discount < item.pointsRequired, {
    message: 'Discount must be less than points required',
    path: ['discount'],
  });
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemForm = z.output<typeof itemFormSchema>;

export const itemIdParamsSchema = z.object({ id: idSchema });
