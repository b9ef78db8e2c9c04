import type { Item, PurchaseOutlook } from '@app/common';
import { ItemPoints } from './item-points';
import { PurchaseLine } from './purchase-line';
import { useT } from '../../../lib/i18n/use-t';
import { ShopCardLayout } from './shop-card-layout';
import classes from './shop-item-card.module.css';

type ShopItemCardProps = {
  item: Item;
  /** What the customer's balance means for this item; undefined while the balance loads. */
  outlook: PurchaseOutlook | undefined;
  onAddToCart: (item: Item) => void;
  onBuyNow: (item: Item) => void;
  /** The first row loads its picture at once (it is what the customer sees first). */
  eagerImage: boolean;
};

/**
 * Spec §2 Shop: an item card: image, name, points (with its discount), the billing line, Add to Cart and Buy
 * Now. Plain elements styled by a CSS module rather than Mantine components: a phone renders a grid of many
 * of these, and each Mantine Button costs several hooks and a style object (issue 10: the shop's blocking
 * time on a phone).
 */
export function ShopItemCard({ item, outlook, onAddToCart, onBuyNow, eagerImage }: ShopItemCardProps) {
  const t = useT();
  return (
    // The link with the picture and the name: drawn by the page's frame too (shop-card-layout.tsx).
    <ShopCardLayout item={item} eagerImage={eagerImage}>
      <ItemPoints item={item} />
      <PurchaseLine outlook={outlook} />
      <div className={classes.actions}>
        <button
          type="button"
          className={classes.secondary}
          onClick={() => onAddToCart(item)}
          aria-label={t('shop.addToCartNamed', { name: item.name })}
        >
          {t('shop.addToCart')}
        </button>
        <button
          type="button"
          className={classes.primary}
          onClick={() => onBuyNow(item)}
          aria-label={t('shop.buyNowNamed', { name: item.name })}
        >
          {t('shop.buyNow')}
        </button>
      </div>
    </ShopCardLayout>
  );
}
