import { formatInr, formatNumber, type PurchaseOutlook } from '@app/common';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import classes from './item-points.module.css';

/**
 * Where the line stands. Both read the one outlook (common/rules/shop.ts purchaseOutlook), so the product page never
 * says otherwise than the item's card: the same words when the item can be bought ('You can buy this item') or
 * when points are missing at a tier that earns none; when billing is still needed, the card says '₹{amount} more
 * billing required' and the product page its own spec line, 'Billing required: ₹{amount}', with the same amount.
 */
export type PurchaseLinePlace = 'card' | 'product';

/** Spec §2 Shop: '₹{amount} more billing required' or 'You can buy this item' (common/rules/shop.ts). */
export function purchaseLineText(outlook: PurchaseOutlook, t: Translate, place: PurchaseLinePlace = 'card'): string {
  switch (outlook.kind) {
    case 'can-buy':
      return t('purchase.canBuy');
    case 'billing':
      return place === 'product'
        ? t('product.billingRequired', { amount: formatInr(outlook.amount) })
        : t('purchase.moreBilling', { amount: formatInr(outlook.amount) });
    case 'points':
      return t('purchase.morePoints', { points: formatNumber(outlook.points) });
  }
}

type PurchaseLineProps = {
  /** undefined while the balance or the tier rate loads: an empty line of the same height holds the place. */
  outlook: PurchaseOutlook | undefined;
  place?: PurchaseLinePlace;
};

export function PurchaseLine({ outlook, place = 'card' }: PurchaseLineProps) {
  const t = useT();
  if (!outlook) return <p className={classes.points}>&nbsp;</p>;
  return (
    <p className={classes.points} data-can-buy={outlook.kind === 'can-buy'}>
      {outlook.kind === 'can-buy' ? (
        <span className={classes.off}>{purchaseLineText(outlook, t, place)}</span>
      ) : (
        purchaseLineText(outlook, t, place)
      )}
    </p>
  );
}
