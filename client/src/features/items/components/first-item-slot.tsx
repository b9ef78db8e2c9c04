import { GENERATED_ITEM_IMAGE, ITEM_IMAGE_WIDTHS } from '@app/common';
import { useT } from '../../../lib/i18n/use-t';
import { Stack, Title } from '@mantine/core';
import { PRODUCT_IMAGE_SIZES, SHOP_CARD_IMAGE_SIZES } from '../item-image-sources';
import imageClasses from './item-image.module.css';
import imageStyles from './item-image.module.css?inline';
import cardClasses from './shop-item-card.module.css';
import cardStyles from './shop-item-card.module.css?inline';
import productClasses from './product-layout.module.css';
import productStyles from './product-layout.module.css?inline';

/**
 * What the page's script needs to fill a slot with an item as the screen draws it (draw-first-item.ts): which
 * early answer names the item (the catalogue's first in stock, or the product page's item), and the picture's
 * class, `sizes` and alternative text as the screen gives them.
 */
export type FirstItemRecipe = {
  from: 'catalogue' | 'item';
  imageClass: string;
  sizes: string;
  /** The product page's picture is named by its alt text; the shop's card is named by its heading beside it. */
  nameIsAlt: boolean;
  widths: readonly number[];
  generated: string;
};

/** The recipe of a slot, as its `data-first-item` attribute. */
const firstItemRecipe = (from: FirstItemRecipe['from'], sizes: string, nameIsAlt: boolean): string =>
  JSON.stringify({
    from,
    imageClass: imageClasses.image!,
    sizes,
    nameIsAlt,
    widths: ITEM_IMAGE_WIDTHS,
    generated: GENERATED_ITEM_IMAGE.source,
  } satisfies FirstItemRecipe);

/**
 * The shop's grid before its code has arrived, in the page a returning customer first sees (prerender.tsx,
 * decision 031): one card in its place, its picture's box empty and its name blank, hidden from screen readers
 * until the page's script fills them with the first item in stock as soon as the page's early catalogue answer
 * is in (draw-first-item.ts). The card holds its place from the first paint, so nothing below it moves when it
 * is filled. Rendered at build time only; React draws the real grid over it. The grid's and card's rules come
 * along in a <style>: they belong to the shop's stylesheet, which arrives with its code, and every visitor's
 * page would otherwise carry them.
 */
export function ShopFirstCardSlot() {
  const t = useT();
  return (
    <>
      <style>{cardStyles + imageStyles}</style>
      <ul
        className={cardClasses.grid}
        aria-label={t('shopGrid.label')}
        data-first-item={firstItemRecipe('catalogue', SHOP_CARD_IMAGE_SIZES, false)}
      >
        <li className={cardClasses.card} aria-hidden="true">
          <a className={cardClasses.link}>
            <div className={imageClasses.frame} data-picture="" />
            <h2 className={cardClasses.name} data-name="">
              {'\u00a0'}
            </h2>
          </a>
        </li>
      </ul>
    </>
  );
}

/**
 * The product page before its code has arrived, likewise: the picture's box and a blank heading where the item's
 * name comes, hidden from screen readers until the page's script fills them from its early answer for the item.
 * Laid out as ProductRoute lays out the item (the same layout module), so the picture is drawn at the size the
 * page draws it; its rules come along in a <style> (they belong to the product page's stylesheet).
 */
export function ProductSlot() {
  return (
    <>
      <style>{productStyles + imageStyles}</style>
      <article
        className={productClasses.layout}
        aria-hidden="true"
        data-first-item={firstItemRecipe('item', PRODUCT_IMAGE_SIZES, true)}
      >
        <div className={productClasses.picture}>
          <div className={imageClasses.frame} data-picture="" />
        </div>
        <Stack gap="sm" className={productClasses.details}>
          <Title order={1} data-name="">
            {'\u00a0'}
          </Title>
        </Stack>
      </article>
    </>
  );
}
