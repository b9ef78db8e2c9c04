import type { CalendarDate } from './quarters';

/** Contract "points expiry": the setting is a whole number of months, 0 (never) to 120. */
export const MAX_POINTS_EXPIRY_MONTHS = 120;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The last day points credited for `date` may be spent: the end of the calendar month `months` months after the
 * month of `date` (a bill dated 2026-03-15 with 12 months: 2027-03-31), or null when points never expire
 * (`months` 0). A bill's points count from its billDate, an adjustment's from the day it was made (Asia/Kolkata).
 */
export function pointsExpireOn(date: CalendarDate, months: number): CalendarDate | null {
  if (months === 0) return null;
  const [year = 0, month = 1] = date.split('-').map(Number);
  // Day 0 of the month after the target month is the target month's last day.
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0));
  return `${pad(last.getUTCFullYear(), 4)}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}
