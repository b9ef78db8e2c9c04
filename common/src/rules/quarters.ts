// Contract "Domain rules": "today", bill dates and calendar quarters are in Asia/Kolkata. India keeps one
// offset all year (UTC+05:30, no daylight saving), so the conversion is exact arithmetic: no time-zone
// database is needed, and the server and the browser (whatever its own zone) agree to the second.

import { getDisplayLocale } from '../money';

const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** A calendar date as the contract writes it: 'YYYY-MM-DD'. */
export type CalendarDate = string;

export type Quarter = {
  year: number;
  /** 1 to 4 */
  number: 1 | 2 | 3 | 4;
  /** 'YYYY-Qn', the id the tier review uses (contract). */
  id: string;
  /** First and last calendar day of the quarter, inclusive. */
  from: CalendarDate;
  to: CalendarDate;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar date in Asia/Kolkata at an instant: 31 Mar 18:29:59 UTC is still 31 Mar there, 18:30 is 1 Apr. */
export function kolkataDate(instant: Date): CalendarDate {
  const shifted = new Date(instant.getTime() + KOLKATA_OFFSET_MS);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The instant a calendar day begins in Asia/Kolkata (00:00 IST). */
export function startOfKolkataDay(date: CalendarDate): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day) - KOLKATA_OFFSET_MS);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function quarterOfYear(year: number, number: 1 | 2 | 3 | 4): Quarter {
  const firstMonth = (number - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  return {
    year,
    number,
    id: `${pad(year, 4)}-Q${number}`,
    from: `${pad(year, 4)}-${pad(firstMonth)}-01`,
    to: `${pad(year, 4)}-${pad(lastMonth)}-${pad(daysInMonth(year, lastMonth))}`,
  };
}

/** The quarter a calendar date falls in. */
export function quarterOfDate(date: CalendarDate): Quarter {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return quarterOfYear(year, (Math.floor((month - 1) / 3) + 1) as Quarter['number']);
}

/** The quarter running at an instant, in Asia/Kolkata. */
export function currentQuarter(now: Date): Quarter {
  return quarterOfDate(kolkataDate(now));
}

export function previousQuarter(quarter: Quarter): Quarter {
  return quarter.number === 1
    ? quarterOfYear(quarter.year - 1, 4)
    : quarterOfYear(quarter.year, (quarter.number - 1) as Quarter['number']);
}

export function nextQuarter(quarter: Quarter): Quarter {
  return quarter.number === 4
    ? quarterOfYear(quarter.year + 1, 1)
    : quarterOfYear(quarter.year, (quarter.number + 1) as Quarter['number']);
}

/** The last calendar quarter that has ended at an instant (the tier review's default, contract). */
export function lastEndedQuarter(now: Date): Quarter {
  return previousQuarter(currentQuarter(now));
}

/** True once the quarter's last day is over in Asia/Kolkata. */
export function quarterHasEnded(quarter: Quarter, now: Date): boolean {
  return kolkataDate(now) > quarter.to;
}

// Contract "Domain rules": quarters are 'YYYY-Qn' with a year from 2000 to 2999 (PostgreSQL has no year 0,
// and no programme ran before 2000).
export const QUARTER_ID = /^(2\d{3})-Q([1-4])$/;

/** 'YYYY-Qn' → the quarter, or undefined when it is not one. */
export function parseQuarterId(id: string): Quarter | undefined {
  const match = QUARTER_ID.exec(id);
  if (!match) return undefined;
  return quarterOfYear(Number(match[1]), Number(match[2]) as Quarter['number']);
}

// The screens' date formats, one formatter per kind and locale (a formatter is costly to build: decision 028).
const formatterCache = new Map<string, Intl.DateTimeFormat>();
function cachedFormatter(kind: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/** '2026-11-24' → '24 Nov 2026': a calendar day as people in India write it (no time zone involved). */
export function formatCalendarDate(date: CalendarDate, locale = getDisplayLocale()): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return cachedFormatter('day', locale, options).format(new Date(Date.UTC(year, month - 1, day)));
}

/** An instant as the day it was in India: '2026-11-02T20:00:00Z' → '3 Nov 2026'. */
export function formatKolkataDay(at: string | number | Date, locale = getDisplayLocale()): string {
  return formatCalendarDate(kolkataDate(new Date(at)), locale);
}

/**
 * An instant with its time, in India: '2026-11-24T06:35:00Z' → '24 Nov 2026, 12:05 pm' (en-IN), and in Hindi with
 * the time of day in words ('24 नव॰ 2026, दोपहर 12:05'): hi-IN's medium time style writes "pm" in Latin letters.
 */
export function formatKolkataDateTime(at: string | number | Date, locale = getDisplayLocale()): string {
  const options: Intl.DateTimeFormatOptions = locale.startsWith('hi')
    ? { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return cachedFormatter('dateTime', locale, { ...options, timeZone: 'Asia/Kolkata' }).format(new Date(at));
}

/** The month a calendar day falls in, as people write it: '2026-11-30' → 'November 2026' (en-IN), 'नवंबर 2026'. */
export function formatMonthOfDay(date: CalendarDate, locale = getDisplayLocale()): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return cachedFormatter('longMonth', locale, options).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A month 'YYYY-MM' as people write it: '2026-05' → 'May 2026' (en-IN) or 'मई 2026' (hi-IN). */
export function formatMonth(month: string, locale = getDisplayLocale()): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC' };
  return cachedFormatter('month', locale, options).format(new Date(Date.UTC(year, number - 1, 1)));
}
