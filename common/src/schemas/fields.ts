import { z } from 'zod';
import { hasAtMostTwoDecimals, toStoredAmount } from '../money';

// Field atoms reused by several schemas (house style 4.5.1).

/**
 * Contract "Users": unique regardless of case, trimmed. Case is kept for display; comparison is lower-case.
 * Issue 7: a username is what a person types to sign in and what staff read in lists, so it must look like
 * exactly one thing. It is NFKC-normalised (a full-width "ｃｕｓｔ１" is "cust1"), and only Latin letters,
 * digits, single inner spaces and . _ - @ are allowed: no invisible, control or bidirectional characters, and
 * no Cyrillic or Greek letters that look like Latin ones ("cust1" with a Cyrillic "а"). Party names keep
 * every script.
 */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .transform((value) => value.normalize('NFKC'))
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: 'Username is required', abort: true })
      .max(64, { error: 'Username must be at most 64 characters', abort: true })
      .regex(/^[A-Za-z0-9._@-]+( [A-Za-z0-9._@-]+)*$/, 'Use only letters a–z, digits, single spaces and . _ - @'),
  );

/**
 * Every character that ends a line (Unicode's mandatory breaks, UAX #14 classes BK, CR, LF and NL): line feed,
 * vertical tab, form feed, carriage return, next line (U+0085), line separator (U+2028) and paragraph
 * separator (U+2029).
 */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;

/** True when `value` holds no line break of any kind (see LINE_BREAK). */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
}

/**
 * Issue 30: a single-line text (a name, a bill number, an address line, a reason) must not carry a line
 * break inside it. Those values reach one-line places (a mail's subject, a CSV cell, a list row), where a
 * "\r\n" starts a new header or row; a break at either end is trimmed away like a space (except U+0085, which
 * JavaScript does not count as a space, so it is refused). Multi-line texts (an item's HTML description) do
 * not use this.
 *
 * `label` starts every message ("Bill number is required", "… must be at most 64 characters", "… cannot
 * contain line breaks"); the messages name no field, since an error answer shows them as they stand
 * (contract "API conventions"). `min` 0 makes the text optional-when-empty (the caller adds `.optional()`).
 */
export function singleLineText(label: string, { min = 1, max, notText }: { min?: number; max: number; notText?: string }) {
  const text = z.string({ error: notText ?? `${label} is required` }).trim();
  const bounded =
    min === 0 ? text : text.min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`);
  return bounded
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, { message: `${label} cannot contain line breaks` });
}

/** Spaces, tabs, line breaks and the zero-width characters: a password of only these is blank. */
const BLANK_PASSWORD = /^[\s\u200B-\u200D\u2060]*$/u;

/**
 * Contract: new passwords 8–72 characters; bcrypt reads 72 bytes, so longer ones are refused, never cut.
 * Issue 7: eight spaces are not a password. The server also refuses the most common passwords
 * (server/src/lib/password-policy.ts): that list stays out of the client's bundle.
 */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .refine((value) => utf8ByteLength(value) <= 72, {
    message: 'Password must be at most 72 bytes',
  })
  .refine((value) => !BLANK_PASSWORD.test(value), { message: 'Password cannot be only spaces' });

/**
 * An amount (INR) or points with at most 2 decimals, bounded by `max` in size, and answered as the value that
 * will be stored (contract "Domain rules": every amount and points value is checked after it is rounded to
 * what is stored). The "2 decimals" test tolerates float noise, so 1e-9 or 5e-324 pass it and then round to 0
 * hundredths: the refinements of a schema built from this atom see that 0, never the raw number, and so can
 * refuse it as a person would expect ("must be more than 0"). The bound keeps every later sum of hundredths
 * exact (below 2^53) and inside the database's bigint.
 */
export function storedAmount(max: number, messages: { tooLarge: string; notANumber?: string }) {
  return z
    .number({ error: messages.notANumber ?? 'Must be a number' })
    .finite(messages.notANumber ?? 'Must be a number')
    .refine(hasAtMostTwoDecimals, { message: 'Use at most 2 decimals', abort: true })
    .refine((value) => Math.abs(value) <= max, { message: messages.tooLarge, abort: true })
    .transform(toStoredAmount);
}

export const idSchema = z.string({ error: 'Not a valid id' }).uuid({ error: 'Not a valid id' });

/**
 * The id of a record the person picks on a screen (a delivery address, a customer, an item): missing, null or
 * not an id, the message says what to choose, since the server's 400 names it to the person (issue 16).
 */
export function chosenIdSchema(message: string) {
  return z.string({ error: message }).uuid({ error: message });
}

/** Bytes of the UTF-8 encoding (bcrypt's unit), without relying on TextEncoder or Buffer. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const character of value) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Route parameters of the form /…/:id where the id is a record's _id. */
export const idParamsSchema = z.object({ id: idSchema });

// --- lists -----------------------------------------------------------------------------------------------

/** The most records a list answers in one page. */
export const MAX_PAGE_LIMIT = 100;
/** A list's page size when its query names none. */
export const DEFAULT_PAGE_LIMIT = 20;

const pageNumber = z.coerce.number().int().min(1);
const pageLimit = (defaultLimit: number) => z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit);

/**
 * `page` and `limit` of a list of the spec (contract: lists that can grow take page and limit; with `page` they
 * answer { items, total, page, limit }, without it the plain array). Each list extends it with its filters.
 */
export function pagedListQuery(defaultLimit = DEFAULT_PAGE_LIMIT) {
  return z.object({ page: pageNumber.optional(), limit: pageLimit(defaultLimit) });
}

/** The same for a list beyond the spec that always answers a page: page 1 when the query names none. */
export function alwaysPagedListQuery(defaultLimit = DEFAULT_PAGE_LIMIT) {
  return z.object({ page: pageNumber.default(1), limit: pageLimit(defaultLimit) });
}
