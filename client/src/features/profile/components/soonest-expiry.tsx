import { daysUntil, formatCalendarDate, formatNumber } from '@app/common';
import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import { pointsHistoryHref } from '../../../config/paths';
import { useT } from '../../../lib/i18n/use-t';
import { usePoints } from '../api/get-points';

/**
 * Contract "points expiry" and "Every screen on a phone": the soonest date with points that expire on it, and how
 * soon ("1,200 points expire in 24 days, on 31 Dec 2026"; "… expire today, 31 Dec 2026"), counted in calendar days
 * in Asia/Kolkata; a link to the points history on the profile. From the balance's own answer: an empty line of
 * the same height while it loads (nothing below moves if a date arrives), nothing when it fails or no points will
 * expire.
 */
export function SoonestExpiry(props: TextProps) {
  const t = useT();
  const points = usePoints();
  if (points.isPending) {
    return (
      <Text {...props} aria-hidden>
        {'\u00a0'}
      </Text>
    );
  }
  const soonest = points.data?.expiring[0];
  if (!soonest) return null;

  // A date already past (the daily expiry run has not taken its points yet) still reads "today".
  const days = Math.max(0, daysUntil(soonest.on, new Date()));
  const values = { n: soonest.points, points: formatNumber(soonest.points), date: formatCalendarDate(soonest.on) };
  return (
    <Anchor component={Link} to={pointsHistoryHref()} underline="always" style={{ alignSelf: 'flex-start' }} {...props}>
      {days === 0 ? t('points.expireToday', values) : t('points.expireIn', { ...values, d: days, days: formatNumber(days) })}
    </Anchor>
  );
}
