import type { Item } from '@app/common';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/use-t';
import { SHOP_CARD_PICTURE } from '../item-image-sources';
import { ItemImage, ItemImageFrame } from './item-image';
import classes from './shop-item-card.module.css';

/**
 * The shop's grid: a list named for screen readers. The grid (ShopGrid) and the page's frame (ShopFirstCardSlot)
 * both draw it, so the frame's card sits where the grid's first card comes.
 */
export function ShopGridList({ children, ...props }: Omit<ComponentPropsWithoutRef<'ul'>, 'className' | 'aria-label'>) {
  const t = useT();
  return (
    <ul {...props} className={classes.grid} aria-label={t('shopGrid.label')}>
      {children}
    </ul>
  );
}

type ShopCardLayoutProps = {
  /**
   * The item the card shows. None: the blank card of the page's frame (ShopFirstCardSlot), which the page's
   * script fills (draw-first-item.ts): hidden from screen readers until then, a link with no address, the
   * picture's box empty (`data-picture`), the name a blank line (`data-name`).
   */
  item?: Item;
  /** The first row loads its picture at once (it is what the customer sees first). */
  eagerImage?: boolean;
  /** What the card shows below the item's link: its points, the balance's line, its buttons. */
  children?: ReactNode;
};

/**
 * The shop's card around its link to the item's page: the picture (SHOP_CARD_PICTURE) and the name. The shop's
 * card (ShopItemCard) and the page's frame (ShopFirstCardSlot) both draw it, the same elements and classes, so
 * the picture the page draws stays where the shop draws it (no layout shift).
 */
export function ShopCardLayout({ item, eagerImage = false, children }: ShopCardLayoutProps) {
  const content = (
    <>
      {item ? (
        <ItemImage path={item.images[0] ?? null} name={item.name} look={SHOP_CARD_PICTURE} eager={eagerImage} />
      ) : (
        <ItemImageFrame data-picture="" />
      )}
      <h2 className={classes.name} data-name={item ? undefined : ''}>
        {item ? item.name : '\u00a0'}
      </h2>
    </>
  );
  return (
    <li className={classes.card} aria-hidden={item ? undefined : 'true'}>
      {item ? (
        <Link to={paths.product.getHref(item._id)} className={classes.link}>
          {content}
        </Link>
      ) : (
        <a className={classes.link}>{content}</a>
      )}
      {children}
    </li>
  );
}
