import { itemImageVariants } from '@app/common';
import { env } from '../../config/env';

/** How wide the shop's card draws its picture: half a phone's width, 240 px from a tablet up. */
export const SHOP_CARD_IMAGE_SIZES = '(min-width: 768px) 240px, 50vw';
/** How wide the product page draws its picture: the phone's width, 480 px from a tablet up. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 768px) 480px, 100vw';

/** Where the browser fetches a stored image path ("uploads/…"): from the API host (spec §7). */
export function imageUrl(path: string): string {
  return `${env.API_URL}/${path}`;
}

/**
 * The `src` and `srcset` of a stored picture: each size with its real width (a small upload has fewer, smaller
 * sizes); a picture of the older naming, whose sizes were labelled by the width asked for rather than the width
 * kept, has `src` alone. The `<img>` and the first picture's early preload (first-picture.ts) both read this,
 * so the browser picks the same file for both and downloads it once.
 */
export function itemImageSources(path: string): { src: string; srcSet: string | undefined } {
  const variants = itemImageVariants(path);
  const srcSet =
    variants.length > 1 && variants.every((variant) => variant.width)
      ? variants.map((variant) => `${imageUrl(variant.path)} ${variant.width}w`).join(', ')
      : undefined;
  return { src: imageUrl(path), srcSet };
}
