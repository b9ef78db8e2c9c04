// Zod-free on purpose: the shop's cards import this, and zod stays out of the customer's bundle.

/**
 * Widths (px) the server writes of every uploaded image, as WebP: the grid's card, its 2× and the product
 * page. The path an item stores (`images[0]`) is the widest; the others sit beside it with `-w{width}`
 * before the extension. None is enlarged beyond the uploaded picture.
 */
export const ITEM_IMAGE_WIDTHS = [320, 640, 1200] as const;
const GENERATED_IMAGE = /^(uploads\/[0-9a-f-]{36})\.webp$/;

/** The stored paths of one image's sizes for a `srcset`; an image of another origin has only itself. */
export function itemImageVariants(path: string): { path: string; width: number | undefined }[] {
  const match = GENERATED_IMAGE.exec(path);
  if (!match) return [{ path, width: undefined }];
  const widest = ITEM_IMAGE_WIDTHS[ITEM_IMAGE_WIDTHS.length - 1];
  return ITEM_IMAGE_WIDTHS.map((width) => ({ path: width === widest ? path : `${match[1]}-w${width}.webp`, width }));
}
