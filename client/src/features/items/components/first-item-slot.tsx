import { itemPath, ITEMS_PATH } from '../api/item-paths';
import { ITEM_PICTURE_RULE, PRODUCT_PICTURE, SHOP_CARD_PICTURE, type PictureLook } from '../item-image-sources';
import type { ItemPictureLook, ItemPictureRule } from '../item-picture';
import { itemImageLook } from './item-image';
import imageStyles from './item-image.module.css?inline';
import { ProductLayout } from './product-layout';
import productStyles from './product-layout.module.css?inline';
import { ShopCardLayout, ShopGridList } from './shop-card-layout';
import cardStyles from './shop-item-card.module.css?inline';

/**
 * What the page's script needs to fill a slot with an item as the screen draws it (draw-first-item.ts): which
 * early answer names the item (the catalogue's first in the shop, or the product page's item), how the screen
 * draws its picture (ItemImage's look of SHOP_CARD_PICTURE or PRODUCT_PICTURE, loaded at once) and the stored
 * pictures' rule with the API's origin (ITEM_PICTURE_RULE, env.API_URL as this build sees it), for
 * itemPictureAttributes. Data only: the functions the script calls come with it in the page
 * (build/prerender-screens.ts, FIRST_ITEM_HELPERS).
 */
export type FirstItemRecipe = {
  from: 'catalogue' | 'item';
  /** The early answer that names the item: the catalogue's key, or what every item's key starts with. */
  answer: string;
  look: ItemPictureLook;
  rule: ItemPictureRule;
};

/**
 * The recipe of a slot, as its `data-first-item` attribute. A first screen's picture loads at once: the shop's
 * first card is in its first row (shop.tsx), the product page's picture is always eager.
 */
const firstItemRecipe = (from: FirstItemRecipe['from'], look: PictureLook): string =>
  JSON.stringify({
    from,
    answer: from === 'catalogue' ? ITEMS_PATH : itemPath(''),
    look: itemImageLook(look, true),
    rule: ITEM_PICTURE_RULE,
  } satisfies FirstItemRecipe);

/**
 * The shop's grid before its code has arrived, in the page a returning customer first sees (prerender.tsx,
 * decision 031): the grid's list (ShopGridList) with one blank card in its place (ShopCardLayout without an
 * item), hidden from screen readers until the page's script fills it with the first item in the shop as soon as
 * the page's early catalogue answer is in (draw-first-item.ts). The card holds its place from the first paint,
 * so nothing below it moves when it is filled. Rendered at build time only; React draws the real grid over it,
 * with the same layout components. The grid's and card's rules come along in a <style>: they belong to the
 * shop's stylesheet, which arrives with its code, and every visitor's page would otherwise carry them.
 */
export function ShopFirstCardSlot() {
  return (
    <>
      <style>{cardStyles + imageStyles}</style>
      <ShopGridList data-first-item={firstItemRecipe('catalogue', SHOP_CARD_PICTURE)}>
        <ShopCardLayout />
      </ShopGridList>
    </>
  );
}

/**
 * The product page before its code has arrived, likewise: the product's layout (ProductLayout without an item),
 * the picture's box and a blank heading where the item's name comes, hidden from screen readers until the page's
 * script fills them from its early answer for the item. The same layout as ProductRoute's, so the picture is
 * drawn at the size the page draws it; its rules come along in a <style> (they belong to the product page's
 * stylesheet).
 */
export function ProductSlot() {
  return (
    <>
      <style>{productStyles + imageStyles}</style>
      <ProductLayout data-first-item={firstItemRecipe('item', PRODUCT_PICTURE)} />
    </>
  );
}
