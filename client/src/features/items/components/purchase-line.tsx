import { formatInr, formatNumber, type PurchaseOutlook } from '@app/common';
import classes from './item-points.module.css';

/** Spec §2 Shop: '₹{amount} more billing required' or 'You can buy this item' (common/rules/shop.ts). */
export function purchaseLineText(outlook: PurchaseOutlook): string {
  switch (outlook.kind) {
    case 'can-buy':
      return 'You can buy this item';
    case 'billing':
      return `${formatInr(outlook.amount)} more billing required`;
    case 'points':
      return `${formatNumber(outlook.points)} more points required`;
  }
}

export function PurchaseLine({ outlook }: { outlook: PurchaseOutlook | undefined }) {
  if (!outlook) return <p className={classes.points}>&nbsp;</p>;
  return (
    <p className={classes.points} data-can-buy={outlook.kind === 'can-buy'}>
      {outlook.kind === 'can-buy' ? <span className={classes.off}>{purchaseLineText(outlook)}</span> : purchaseLineText(outlook)}
    </p>
  );
}
