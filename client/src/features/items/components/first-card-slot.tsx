import { GENERATED_ITEM_IMAGE, ITEM_IMAGE_WIDTHS } from '@app/common';
import { useT } from '../../../lib/i18n/use-t';
import { SHOP_CARD_IMAGE_SIZES } from '../item-image-sources';
import imageClasses from './item-image.module.css';
import imageStyles from './item-image.module.css?inline';
import cardClasses from './shop-item-card.module.css';
import cardStyles from './shop-item-card.module.css?inline';

/** What the page's script needs to draw the first card's picture as ShopItemCard does (draw-first-card.ts). */
export type FirstCardRecipe = {
  imageClass: string;
  sizes: string;
  widths: readonly number[];
  generated: string;
};

/**
 * The shop's grid before its code has arrived, in the page a returning customer first sees (prerender.tsx,
 * decision 031): one card in its place, its picture's box empty and its name blank, hidden from screen readers
 * until the page's script fills them with the first item in stock as soon as the page's early catalogue answer is
 * in (draw-first-card.ts), following the recipe. The card holds its place from the first paint, so nothing
 * below it moves when it is filled. Rendered at build time only; React draws the real grid over it. The grid's
 * and card's rules come along in a <style>: they belong to the shop's stylesheet, which arrives with its code,
 * and every visitor's page would otherwise carry them.
 */
export function FirstCardSlot() {
  const t = useT();
  const recipe: FirstCardRecipe = {
    imageClass: imageClasses.image!,
    sizes: SHOP_CARD_IMAGE_SIZES,
    widths: ITEM_IMAGE_WIDTHS,
    generated: GENERATED_ITEM_IMAGE.source,
  };
  return (
    <>
      <style>{cardStyles + imageStyles}</style>
      <ul className={cardClasses.grid} aria-label={t('shopGrid.label')} data-first-card={JSON.stringify(recipe)}>
        <li className={cardClasses.card} aria-hidden="true">
          <a className={cardClasses.link}>
            <div className={imageClasses.frame} />
            <h2 className={cardClasses.name}>{'\u00a0'}</h2>
          </a>
        </li>
      </ul>
    </>
  );
}
