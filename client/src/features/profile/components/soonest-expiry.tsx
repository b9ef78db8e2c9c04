import { formatCalendarDate, formatNumber } from '@app/common';
import { Text, type TextProps } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { usePoints } from '../api/get-points';

/**
 * Contract "points expiry": the soonest date with points that expire on it ("1,200 points expire on 31 Mar 2027"),
 * from the balance's own answer; nothing while it loads, fails, or when no points will expire.
 */
export function SoonestExpiry(props: TextProps) {
  const t = useT();
  const soonest = usePoints().data?.expiring[0];
  if (!soonest) return null;
  return (
    <Text {...props}>
      {t('points.expireOn', { n: soonest.points, points: formatNumber(soonest.points), date: formatCalendarDate(soonest.on) })}
    </Text>
  );
}
