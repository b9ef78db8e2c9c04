import { formatNumber, type Item } from '@app/common';
import { useState, type ReactNode } from 'react';
import { useGrowingCount } from '../../../components/ui/use-growing-count';
import { useT } from '../../../lib/i18n/use-t';
import { ShopGridList } from './shop-card-layout';
import classes from './shop-item-card.module.css';

/** Cards added each time the customer nears the end of the grid. */
export const SHOP_GRID_STEP = 24;
/** The narrowest a card gets: the grid has as many columns of at least this width as fit (shop-item-card.module.css). */
export const SHOP_CARD_MIN_WIDTH_PX = 150;
/** Shorter than any card (picture, name, points, the balance’s line, the buttons: 308–352 px measured at 360–1,920 px wide): for counting a screenful's rows. */
const SHOP_CARD_MIN_HEIGHT_PX = 280;

/**
 * The cards of the first render: as many as can fill the window, and a row more (issue 29: a slow phone drew 24
 * cards where it shows 4). Counted generously, with the most columns the window can hold and cards shorter than
 * any, so the grid's end and its "Show more" start below the fold and the cards added later move nothing in sight.
 */
export function firstScreenfulOfCards(width: number, height: number): number {
  const columns = Math.max(1, Math.floor(width / SHOP_CARD_MIN_WIDTH_PX));
  const rows = Math.ceil(height / SHOP_CARD_MIN_HEIGHT_PX) + 1;
  return columns * rows;
}

type ShopGridProps = {
  items: Item[];
  renderCard: (item: Item, index: number) => ReactNode;
};

/**
 * The shop's grid, rendered a screenful at first (firstScreenfulOfCards), more as it is scrolled or "Show more
 * items" pressed (useGrowingCount). The parent gives the grid a new `key` when the list it shows changes (a search),
 * which starts it again at the first step.
 */
export function ShopGrid({ items, renderCard }: ShopGridProps) {
  const t = useT();
  const [first] = useState(() => firstScreenfulOfCards(window.innerWidth, window.innerHeight));
  const { count, hasMore, left, sentinel, showMore } = useGrowingCount(items.length, first, SHOP_GRID_STEP);

  return (
    <>
      <ShopGridList>{items.slice(0, count).map((item, index) => renderCard(item, index))}</ShopGridList>
      {hasMore && (
        <div ref={sentinel} className={classes.more}>
          <button type="button" className={classes.secondary} onClick={showMore}>
            {t('shopGrid.showMore', { count: formatNumber(left) })}
          </button>
        </div>
      )}
    </>
  );
}
