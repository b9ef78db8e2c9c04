import { z } from 'zod';

// PostgreSQL's timestamps reach 4713 BC and JavaScript's dates 271,821 BC: a date outside the years a person
// can mean is refused with a message instead of failing inside a query.
const EARLIEST = new Date('1900-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59Z');

/** A date or timestamp from a query string (filters): ISO 8601, between 1900 and 9999. */
export const queryDateSchema = z.coerce
  .date({ error: 'Use a date such as 2026-04-01' })
  .min(EARLIEST, 'Use a date from 1900 onwards')
  .max(LATEST, 'Use a date before the year 10000');
