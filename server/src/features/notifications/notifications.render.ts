import enMessages from '@app/common/i18n/locales/en/notifications.json';
import hiMessages from '@app/common/i18n/locales/hi/notifications.json';
import { formatCalendarDate, formatNumber, LOCALE_OF, TIERS, type Language, type NotificationType, type Tier } from '@app/common';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// Contract "language and notifications": a notification's words are written when it is read (the inbox) or
// sent (the outbox), in the reader's language at that moment, from the `notifications` catalogues (ICU
// messages). One Lingui instance per language, each compiling its messages on first use.

export type MessageKey = keyof typeof enMessages;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en: enMessages, hi: hiMessages };

const instances = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(language, i18n);
  }
  return i18n;
}

/** The values a notification's row keeps (jsonb `params`), as read back from the database. */
export type StoredParams = Record<string, string | number | null>;

type Values = Record<string, string | number>;

/** Each type's catalogue key (`notification.<key>.title` / `.body`). */
const KEYS: Record<NotificationType, string> = {
  bill_entered: 'billEntered',
  bill_edited: 'billEdited',
  bill_deleted: 'billDeleted',
  points_adjusted: 'pointsAdjusted',
  order_placed: 'orderPlaced',
  order_completed: 'orderCompleted',
  order_cancelled: 'orderCancelled',
  tier_changed: 'tierChanged',
  tier_reviewed: 'tierReviewed',
  points_expiring: 'pointsExpiring',
  points_expired: 'pointsExpired',
  new_order: 'newOrder',
};

const numberOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOf = (value: string | number | null): string => (value === null ? '' : String(value));

/**
 * The message's values in the reader's locale: numbers through formatNumber (en-IN or hi-IN), points also as
 * a plain count for the plural (the catalogue says "1 point" / "2 points", Hindi "1 पॉइंट" / "2 पॉइंट्स"),
 * a signed change as its size and a direction (the sentence says added or taken back), tiers by their name
 * in the language. Data (bill numbers, party names, reasons) is never translated.
 */
function valuesOf(params: StoredParams, language: Language, i18n: I18n): Values {
  const locale = LOCALE_OF[language];
  const values: Values = {};
  for (const [name, value] of Object.entries(params)) values[name] = textOf(value);
  if ('points' in params) {
    const points = numberOf(params.points);
    values.points = formatNumber(Math.abs(points), locale);
    values.pointsCount = Math.abs(points);
    values.change = points > 0 ? 'added' : points < 0 ? 'removed' : 'none';
  }
  // A calendar date (when points expire) as the reader's locale writes it: 31 Mar 2027, ३१ मार्च २०२७…
  if (typeof params.on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.on)) values.on = formatCalendarDate(params.on, locale);
  if ('availablePoints' in params) values.balance = formatNumber(numberOf(params.availablePoints), locale);
  for (const name of ['from', 'to'] as const) {
    const tier = params[name];
    if (typeof tier === 'string' && (TIERS as readonly string[]).includes(tier)) {
      values[name] = i18n._(`notification.tier.${tier as Tier}`);
    }
  }
  return values;
}

/** A notification's title and body in `language`, from its type and the values its row keeps. */
export function renderNotification(
  type: NotificationType,
  params: StoredParams,
  language: Language,
): { title: string; body: string } {
  const i18n = i18nFor(language);
  const values = valuesOf(params, language, i18n);
  const key = KEYS[type];
  return { title: i18n._(`notification.${key}.title`, values), body: i18n._(`notification.${key}.body`, values) };
}

/** A sign-in code's message in `language` (contract "Sign-in codes"); it goes to no inbox. */
export function renderSignInCode(code: string, minutes: number, language: Language): { title: string; body: string } {
  const i18n = i18nFor(language);
  return {
    title: i18n._('signInCode.title'),
    body: i18n._('signInCode.body', { code, minutes: formatNumber(minutes, LOCALE_OF[language]) }),
  };
}
