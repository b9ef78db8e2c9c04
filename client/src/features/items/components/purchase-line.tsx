import { formatInr, formatNumber, type PurchaseOutlook } from '@app/common';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import classes from './item-points.module.css';

/** Spec §2 Shop: '₹{amount} more billing required' or 'You can buy this item' (common/rules/shop.ts). */
export function purchaseLineText(outlook: PurchaseOutlook, t: Translate): string {
  switch (outlook.kind) {
    case 'can-buy':
      return t('purchase.canBuy');
    case 'billing':
      return t('purchase.moreBilling', { amount: formatInr(outlook.amount) });
    case 'points':
      return t('purchase.morePoints', { points: formatNumber(outlook.points) });
  }
}

export function PurchaseLine({ outlook }: { outlook: PurchaseOutlook | undefined }) {
  const t = useT();
  if (!outlook) return <p className={classes.points}>&nbsp;</p>;
  return (
    <p className={classes.points} data-can-buy={outlook.kind === 'can-buy'}>
      {outlook.kind === 'can-buy' ? (
        <span className={classes.off}>{purchaseLineText(outlook, t)}</span>
      ) : (
        purchaseLineText(outlook, t)
      )}
    </p>
  );
}
