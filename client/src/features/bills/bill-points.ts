import { formatPoints, type Bill } from '@app/common';
import type { Translate } from '../../lib/i18n/use-t';

/**
 * A bill's points as a reader should see them wherever they are shown (contract "Every screen on a phone"): with
 * a campaign's bonus, the total first ("600.00 (400.00 + 200.00 bonus)"); without one, the points alone.
 */
export function billPointsText(t: Translate, bill: Pick<Bill, 'points' | 'bonusPoints'>): string {
  if (bill.bonusPoints <= 0) return formatPoints(bill.points);
  return t('billPoints.withBonus', {
    total: formatPoints(bill.points + bill.bonusPoints),
    points: formatPoints(bill.points),
    bonus: formatPoints(bill.bonusPoints),
  });
}
