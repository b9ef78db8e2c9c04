import { z } from 'zod';
import { chosenIdSchema, pagedListQuery, singleLineText, storedAmount } from './fields';

// Contract "Bills": billNumber unique (regardless of case), billAmount > 0 with at most 2 decimals, billDate a
// calendar day in Asia/Kolkata that defaults to today and is never in the future (checked by the server
// against its clock). The spec's client may send numbers from text inputs: a numeric string is read as its number.

/** Bills larger than this (₹1,000 crore) are a typing mistake, not a sale. */
export const MAX_BILL_AMOUNT = 10_000_000_000;

/** Issue 30: one line (a bill number goes into the customer's notification and its mail subject). */
export const billNumberSchema = singleLineText('Bill number', { max: 64 });

const numericText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** Checked as stored (paise): 0.001 or 1e-9 round to 0 and are refused like 0. */
export const billAmountSchema = z.preprocess(
  numericText,
  storedAmount(MAX_BILL_AMOUNT, { tooLarge: 'Bill amount is too large', notANumber: 'Bill amount must be a number' }).refine(
    (amount) => amount > 0,
    { message: 'Bill amount must be more than 0' },
  ),
);

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar date: 'YYYY-MM-DD', or an ISO date-time whose first ten characters are that day (a date picker's
 * midnight). Other text, impossible days (31 Feb) and years before 1900 are refused with `message`.
 */
export function calendarDateSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
    .refine(isCalendarDate, { message });
}

export const billDateSchema = calendarDateSchema('Bill date must be a date (YYYY-MM-DD)');

/** An empty date on creation means today (spec §5). */
const optionalBillDate = z.preprocess((value) => (value === '' || value === null ? undefined : value), billDateSchema.optional());

export const createBillSchema = z.object({
  userId: chosenIdSchema('Choose a customer'),
  billNumber: billNumberSchema,
  billDate: optionalBillDate,
  billAmount: billAmountSchema,
});
export type CreateBillInput = z.infer<typeof createBillSchema>;

export const updateBillSchema = z
  .object({
    billNumber: billNumberSchema.optional(),
    billDate: billDateSchema.optional(),
    billAmount: billAmountSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Nothing to change: give a new bill number, date or amount',
  });
export type UpdateBillInput = z.infer<typeof updateBillSchema>;

export const listBillsQuerySchema = pagedListQuery().extend({ q: z.string().trim().max(100).optional() });
export type ListBillsQuery = z.infer<typeof listBillsQuerySchema>;
