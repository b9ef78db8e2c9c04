import { GENERATED_ITEM_IMAGE, ITEM_IMAGE_WIDTHS } from '@app/common';
import { env } from '../../config/env';
import { itemPictureAttributes, type ItemPictureLook, type ItemPictureRule } from './item-picture';

/** How wide the shop's card draws its picture: half a phone's width, 240 px from a tablet up. */
export const SHOP_CARD_IMAGE_SIZES = '(min-width: 768px) 240px, 50vw';
/** How wide the product page draws its picture: the phone's width, 480 px from a tablet up. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 768px) 480px, 100vw';

/** How a screen draws its item's picture, but for its class (ItemImage's own) and whether it loads at once. */
export type PictureLook = Pick<ItemPictureLook, 'sizes' | 'nameIsAlt'>;

/** The shop's card: the name beside the picture says what it shows, so the picture itself is decorative. */
export const SHOP_CARD_PICTURE: PictureLook = { sizes: SHOP_CARD_IMAGE_SIZES, nameIsAlt: false };
/** The product page: the picture is named by the item's name. */
export const PRODUCT_PICTURE: PictureLook = { sizes: PRODUCT_IMAGE_SIZES, nameIsAlt: true };

/** The stored pictures' sizes and where the browser fetches them: from the API host (spec §7). */
export const ITEM_PICTURE_RULE: ItemPictureRule = {
  widths: ITEM_IMAGE_WIDTHS,
  generated: GENERATED_ITEM_IMAGE.source,
  apiUrl: env.API_URL,
};

/**
 * The `src` and `srcset` of a stored picture (itemPictureAttributes): each size with its real width (a small
 * upload has fewer, smaller sizes); a picture of the older naming has `src` alone. The `<img>` and the first
 * picture's early preload (first-picture.ts) both read this rule, so the browser picks the same file for both and
 * downloads it once.
 */
export function itemImageSources(path: string): { src: string; srcSet: string | undefined } {
  const { src, srcset } = itemPictureAttributes(
    path,
    '',
    { className: '', sizes: '', nameIsAlt: false, eager: false },
    ITEM_PICTURE_RULE,
  );
  return { src, srcSet: srcset };
}
