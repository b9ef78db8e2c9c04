import { discountPercent, formatNumber, pointsAfterDiscount, type Item } from '@app/common';
import { useT } from '../../../lib/i18n/use-t';
import classes from './item-points.module.css';

type ItemPointsProps = { item: Pick<Item, 'pointsRequired' | 'discount'> };

/** Stands for the bold number while the whole message is translated, then is replaced by the element. */
const NUMBER_MARK = '\u0000';

/**
 * Spec §2 Shop: the points an item costs. With a discount: the points after it, the original struck through
 * and '(x% off)' (spec §9: 2 decimals at most); otherwise just the points.
 */
export function ItemPoints({ item }: ItemPointsProps) {
  const t = useT();
  // '{points} points' stays one message (the number's place differs between languages); only the number is bold.
  const [before = '', after = ''] = t('itemPoints.points', { points: NUMBER_MARK }).split(NUMBER_MARK);
  const points = (value: number) => (
    <>
      {before}
      <strong>{formatNumber(value)}</strong>
      {after}
    </>
  );
  if (item.discount <= 0) {
    return <p className={classes.points}>{points(item.pointsRequired)}</p>;
  }
  return (
    <p className={classes.points}>
      {points(pointsAfterDiscount(item))}{' '}
      <s className={classes.original} aria-label={t('itemPoints.was', { points: formatNumber(item.pointsRequired) })}>
        {formatNumber(item.pointsRequired)}
      </s>{' '}
      <span className={classes.off}>{t('itemPoints.off', { percent: formatNumber(discountPercent(item)) })}</span>
    </p>
  );
}
