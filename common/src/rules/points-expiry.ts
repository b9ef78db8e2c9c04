import { kolkataDate, type CalendarDate } from './quarters';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole calendar days from today in Asia/Kolkata (at `now`) to `on` (contract "Every screen on a phone": "1,200
 * points expire in 24 days, on 31 Dec 2026"): 0 on the day itself, 1 the day before, negative once the day has
 * passed (points the daily run has not yet taken). Counted on calendar dates, not 24-hour spans: at 23:59 IST on
 * 30 Dec, 31 Dec is 1 day away.
 */
export function daysUntil(on: CalendarDate, now: Date): number {
  const dayNumber = (date: CalendarDate) => {
    const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
    return Date.UTC(year, month - 1, day) / DAY_MS;
  };
  return dayNumber(on) - dayNumber(kolkataDate(now));
}
