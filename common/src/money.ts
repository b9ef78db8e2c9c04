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

const formatterCache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, kind: 'inrWhole' | 'inrPaise' | 'number' | 'twoDecimals'): Intl.NumberFormat {
  const key = `${locale}|${kind}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    const options: Intl.NumberFormatOptions =
      kind === 'inrWhole'
        ? { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : kind === 'inrPaise'
          ? { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }
          : kind === 'number'
            ? { maximumFractionDigits: 2 }
            : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    formatter = new Intl.NumberFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/** Spec §9: Indian digit grouping. 1500000 → "₹15,00,000"; paise only when there are some: "₹10.50". */
export function formatInr(amount: number, locale = displayLocale): string {
  return numberFormat(locale, Number.isInteger(amount) ? 'inrWhole' : 'inrPaise').format(amount);
}

/** 1234567.5 → "12,34,567.5" */
export function formatNumber(value: number, locale = displayLocale): string {
  return numberFormat(locale, 'number').format(value);
}

/** Points always shown with 2 decimals where the spec asks (bill modal): 12.5 → "12.50". */
export function formatPoints(value: number, locale = displayLocale): string {
  return numberFormat(locale, 'twoDecimals').format(value);
}
