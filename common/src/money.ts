// Contract: amounts (INR) and points are JSON numbers with at most 2 decimals, stored exactly as
// integer hundredths (paise for money). These helpers are the only place that converts between the two.

/** 1234.5 → 123450. Rounds half away from zero at the third decimal; callers validate 2 decimals first. */
export function toHundredths(value: number): number {
  const scaled = Math.round(Math.abs(value) * 100 + Number.EPSILON * 100);
  return value < 0 ? -scaled : scaled;
}

/** 123450 → 1234.5 */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}

/** The value as it is stored: rounded to hundredths (1e-9 → 0, 10.005 → 10.01, -0 → 0). */
export function toStoredAmount(value: number): number {
  return fromHundredths(toHundredths(value)) + 0;
}

/** True when the number has no more than two decimals (1.25 yes, 1.255 no). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

// Numbers and dates follow the reader's language (contract: en-IN or hi-IN; both group digits the Indian way).
// A screen shows one language at a time, so the client sets it once per switch; the server, which writes for
// many users, passes each reader's locale explicitly.
let displayLocale = 'en-IN';

/** The locale every formatter here uses when none is passed: 'en-IN' until the client switches language. */
export function setDisplayLocale(locale: string): void {
  displayLocale = locale;
}
export function getDisplayLocale(): string {
  return displayLocale;
}

type NumberKind = 'inrWhole' | 'inrPaise' | 'number' | 'twoDecimals';

/** Fraction digits of each kind: at least, at most. */
const FRACTION_DIGITS: Record<NumberKind, [number, number]> = {
  inrWhole: [0, 0],
  inrPaise: [2, 2],
  number: [0, 2],
  twoDecimals: [2, 2],
};

/**
 * The contract's two languages write numbers alike: Latin digits, the last three grouped, then pairs
 * (12,34,567.5), "₹" before the digits and "-" before both. For them the digits are written here rather than by
 * `Intl.NumberFormat`: a page's first Intl formatter loads the browser's locale data, 25–45 ms on this machine's
 * Chromium and four times that on a slow phone, in the middle of the first render (decision 028). Any other
 * locale, and numbers no amount reaches (not finite, 1e21 and above), go to Intl. The tests compare both over
 * thousands of values, in Node and (checked once) in Chromium.
 */
const INDIAN_LOCALES = new Set(['en-IN', 'hi-IN', 'hi']);

function writeIndian(value: number, kind: NumberKind): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return undefined;
  const [least, most] = FRACTION_DIGITS[kind];
  const rounded = roundHalfExpand(Math.abs(value), most);
  const whole = rounded.whole;
  let fraction = rounded.fraction.padEnd(least, '0');
  while (fraction.length > least && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  let grouped = whole.slice(-3);
  for (let end = whole.length - 3; end > 0; end -= 2) grouped = `${whole.slice(Math.max(0, end - 2), end)},${grouped}`;
  // Intl keeps the sign of a negative number that rounds to zero (-0.001 → "-0"), and of -0 itself.
  const negative = value < 0 || Object.is(value, -0);
  const currency = kind === 'inrWhole' || kind === 'inrPaise' ? '₹' : '';
  return `${negative ? '-' : ''}${currency}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The number's shortest decimal form (what `String(1.005)` shows, as Intl reads a number: 1.005 → "1.01"; the
 * binary value 1.00499… that `toFixed` rounds would give "1.00"), rounded half away from zero to `most` decimals,
 * on its digits as text.
 */
function roundHalfExpand(abs: number, most: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = abs.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const pointAt = Number(exponent) + 1; // how many of the digits stand before the decimal point
  let text = pointAt <= 0 ? `${'0'.repeat(1 - pointAt)}${digits}` : digits.padEnd(pointAt, '0');
  let wholeLength = Math.max(pointAt, 1);
  const kept = wholeLength + most;
  if (text.length > kept) {
    const roundUp = text[kept]! >= '5';
    text = text.slice(0, kept);
    if (roundUp) {
      const carried = incrementDigits(text);
      if (carried.length > text.length) wholeLength += 1;
      text = carried;
    }
  }
  return { whole: text.slice(0, wholeLength), fraction: text.slice(wholeLength) };
}

/** "1299" → "1300", "99" → "100". */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index -= 1) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}

const formatterCache = new Map<string, Intl.NumberFormat>();
function intlFormat(locale: string, kind: NumberKind): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    const [minimumFractionDigits, maximumFractionDigits] = FRACTION_DIGITS[kind];
    const currency: Intl.NumberFormatOptions =
      kind === 'inrWhole' || kind === 'inrPaise' ? { style: 'currency', currency: 'INR' } : {};
    formatter = new Intl.NumberFormat(locale, { ...currency, minimumFractionDigits, maximumFractionDigits });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

function formatAs(value: number, kind: NumberKind, locale: string): string {
  return (INDIAN_LOCALES.has(locale) ? writeIndian(value, kind) : undefined) ?? intlFormat(locale, kind).format(value);
}

/** Spec §9: Indian digit grouping. 1500000 → "₹15,00,000"; paise only when there are some: "₹10.50". */
export function formatInr(amount: number, locale = displayLocale): string {
  return formatAs(amount, Number.isInteger(amount) ? 'inrWhole' : 'inrPaise', locale);
}

/**
 * An amount in INR as formatInr writes it, without the sign, for a sentence that names the currency itself (the
 * spec's "Earn 1 point for billing of every Rs. {rate}"): 1500 → "1,500", 0.5 → "0.50".
 */
export function formatInrDigits(amount: number, locale = displayLocale): string {
  return formatAs(amount, Number.isInteger(amount) ? 'number' : 'twoDecimals', locale);
}

/** 1234567.5 → "12,34,567.5" */
export function formatNumber(value: number, locale = displayLocale): string {
  return formatAs(value, 'number', locale);
}

/** Points always shown with 2 decimals where the spec asks (bill modal): 12.5 → "12.50". */
export function formatPoints(value: number, locale = displayLocale): string {
  return formatAs(value, 'twoDecimals', locale);
}
