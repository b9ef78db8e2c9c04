// Zod-free on purpose: the shop's cards import this, and zod stays out of the customer's bundle.

/**
 * Widths (px) the server makes of every uploaded image, as WebP: the grid's card, its 2× and the product
 * page. None is enlarged beyond the uploaded picture, so a small upload keeps fewer, smaller sizes
 * (itemImageWidthsFor).
 */
export const ITEM_IMAGE_WIDTHS = [320, 640, 1200] as const;
export const ITEM_IMAGE_WIDEST = Math.max(...ITEM_IMAGE_WIDTHS);

/**
 * The sizes kept of a picture whose widest stored size is `widest` px: every width of ITEM_IMAGE_WIDTHS below
 * it, then itself. An upload 500 px wide keeps 320 and 500 (the 640 and 1200 would both be that same 500);
 * one of 2000 px keeps 320, 640 and 1200. Called with the upload's own width, it gives the same list.
 */
export function itemImageWidthsFor(widest: number): number[] {
  const largest = Math.min(widest, ITEM_IMAGE_WIDEST);
  return [...ITEM_IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/**
 * The stored path of one size: `uploads/<name>-<width>w.webp`, the width being the file's real pixel width.
 * The path an item keeps (`images[0]`) is its widest size, so the path alone tells every size there is:
 * an order line, which keeps only the path it was ordered with, can still offer them all.
 */
export function itemImagePath(name: string, width: number): string {
  return `uploads/${name}-${width}w.webp`;
}

/** A generated picture's stored path: its name and its widest width (itemImagePath). */
export const GENERATED_ITEM_IMAGE = /^uploads\/([0-9a-f-]{36})-([1-9][0-9]{0,4})w\.webp$/;

/**
 * The stored paths of one image's sizes for a `srcset`, each with its real width. A picture stored under an
 * older name (`uploads/<name>.webp`, whose sizes were labelled by the width asked for, not the width kept)
 * or of another origin has only itself, width unknown: shown by `src` alone.
 */
export function itemImageVariants(path: string): { path: string; width: number | undefined }[] {
  const match = GENERATED_ITEM_IMAGE.exec(path);
  if (!match) return [{ path, width: undefined }];
  const name = match[1]!;
  return itemImageWidthsFor(Number(match[2])).map((width) => ({ path: itemImagePath(name, width), width }));
}
