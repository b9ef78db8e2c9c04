import { discountPercent, formatNumber, pointsAfterDiscount, type Item } from '@app/common';
import classes from './item-points.module.css';

type ItemPointsProps = { item: Pick<Item, 'pointsRequired' | 'discount'> };

/**
 * Spec §2 Shop: the points an item costs. With a discount: the points after it, the original struck through
 * and '(x% off)' (spec §9: 2 decimals at most); otherwise just the points.
 */
export function ItemPoints({ item }: ItemPointsProps) {
  if (item.discount <= 0) {
    return (
      <p className={classes.points}>
        <strong>{formatNumber(item.pointsRequired)}</strong> points
      </p>
    );
  }
  return (
    <p className={classes.points}>
      <strong>{formatNumber(pointsAfterDiscount(item))}</strong> points{' '}
      <s className={classes.original} aria-label={`was ${formatNumber(item.pointsRequired)} points`}>
        {formatNumber(item.pointsRequired)}
      </s>{' '}
      <span className={classes.off}>({formatNumber(discountPercent(item))}% off)</span>
    </p>
  );
}
