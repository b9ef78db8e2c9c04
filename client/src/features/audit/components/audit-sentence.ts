import { formatNumber, isTier, type AuditEntry } from '@app/common';
import type { MessageId } from '../../../lib/i18n/catalogs';
import type { Translate, TranslateValues } from '../../../lib/i18n/use-t';

// Contract "Every screen on a phone": the audit reads as sentences ("demo-admin entered bill WB-7001 for
// demo-dealer"). One sentence per action the server records (grep `action: '` in server/src), built from what
// the entry holds: the names it recorded (a bill's number, a user's name, an item's) and the person its record
// is or belongs to (`subject`, which the server adds for users, bills and orders).

type Fields = Record<string, unknown>;

/** The action's name in words, for the filter and the entry's badge. */
export const ACTION_MESSAGES: Record<string, MessageId> = {
  'user.create': 'audit.action.userCreate',
  'user.block': 'audit.action.userBlock',
  'user.unblock': 'audit.action.userUnblock',
  'user.change_tier': 'audit.action.userChangeTier',
  'user.change_email': 'audit.action.userChangeEmail',
  'user.reset_password': 'audit.action.userResetPassword',
  'user.delete': 'audit.action.userDelete',
  'points.adjust': 'audit.action.pointsAdjust',
  'points.expiry_run': 'audit.action.pointsExpiryRun',
  'bill.enter': 'audit.action.billEnter',
  'bill.edit': 'audit.action.billEdit',
  'bill.delete': 'audit.action.billDelete',
  'item.create': 'audit.action.itemCreate',
  'item.update': 'audit.action.itemUpdate',
  'item.delete': 'audit.action.itemDelete',
  'order.status': 'audit.action.orderStatus',
  'settings.update': 'audit.action.settingsUpdate',
  'tiers.review_apply': 'audit.action.tiersReviewApply',
  'campaign.create': 'audit.action.campaignCreate',
  'campaign.update': 'audit.action.campaignUpdate',
  'campaign.delete': 'audit.action.campaignDelete',
};

/** The kind of record in words, for the filter and the record's name ("Bill WB-7001"). */
export const ENTITY_MESSAGES: Record<string, MessageId> = {
  user: 'audit.entity.user',
  bill: 'audit.entity.bill',
  item: 'audit.entity.item',
  order: 'audit.entity.order',
  settings: 'audit.entity.settings',
  tier_review: 'audit.entity.tierReview',
  points_expiry: 'audit.entity.pointsExpiry',
  campaign: 'audit.entity.campaign',
};

/** A code's words in the current language; a code the screen does not know yet shows as the server wrote it. */
export function named(t: Translate, messages: Record<string, MessageId>, code: string): string {
  const id = messages[code];
  return id ? t(id) : code;
}

/**
 * An entry as a sentence: its message and values, with `who` the person who made the change and `record`
 * the name of the value that names the changed record (a bill's number, a user's name…), when the sentence
 * has one: the screen makes both choosable ("only changes by…", "only changes to…").
 */
type Sentence = { message: MessageId; values: TranslateValues; record?: string };

function fieldsOf(value: unknown): Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
/** Points are hundredths (decision 003): a difference of two balances is rounded back to them. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** What every action's sentence is built from: the entry, its recorded values, and the names it may use. */
type EntryWords = {
  t: Translate;
  entry: AuditEntry;
  before: Fields;
  after: Fields;
  /** A value as recorded with the change (after it, else before it). */
  recorded: (name: string) => string | undefined;
  /** The name of a record whose name was not recorded. */
  unnamed: string;
  /** The user's name as recorded with the change, else the person the server found for the record. */
  person: string;
  /** The person the record belongs to (a bill's or an order's customer). */
  customer: string;
};

const tierName = (t: Translate, value: unknown) => (typeof value === 'string' && isTier(value) ? t(`tier.${value}`) : '—');

const billSentence =
  (message: MessageId) =>
  ({ recorded, unnamed, customer }: EntryWords): Sentence => ({
    message,
    values: { bill: recorded('billNumber') ?? unnamed, name: customer },
    record: 'bill',
  });

const itemSentence =
  (message: MessageId) =>
  ({ recorded, unnamed }: EntryWords): Sentence => ({ message, values: { item: recorded('name') ?? unnamed }, record: 'item' });

const campaignSentence =
  (message: MessageId) =>
  ({ recorded, unnamed }: EntryWords): Sentence => ({
    message,
    values: { campaign: recorded('name') ?? unnamed },
    record: 'campaign',
  });

/** A sentence about a user named only by their name ("blocked dealer-1"). */
const userSentence =
  (message: MessageId) =>
  ({ person }: EntryWords): Sentence => ({ message, values: { name: person }, record: 'name' });

function userChangeEmail({ entry, after, person }: EntryWords): Sentence {
  const own = entry.actor !== null && entry.subject !== null && entry.actor._id === entry.subject._id;
  const email = text(after.email);
  const change = own ? (email ? 'own' : 'ownRemoved') : email ? 'changed' : 'removed';
  return { message: 'audit.says.userChangeEmail', values: { change, name: person, email: email ?? '' }, record: 'name' };
}

function pointsAdjust({ before, after, person }: EntryWords): Sentence {
  const difference = hundredths((numberOf(after.availablePoints) ?? 0) - (numberOf(before.availablePoints) ?? 0));
  const reason = text(after.reason);
  return {
    message: 'audit.says.pointsAdjust',
    values: {
      change: difference < 0 ? 'taken' : 'added',
      n: Math.abs(difference),
      points: formatNumber(Math.abs(difference)),
      name: person,
      reasoned: reason ? 'yes' : 'no',
      reason: reason ?? '',
    },
    record: 'name',
  };
}

function settingsUpdate({ after }: EntryWords): Sentence {
  const months = numberOf(after.pointsExpiryMonths);
  if (months !== undefined) {
    return { message: 'audit.says.settingsExpiry', values: { n: months, months: formatNumber(months) } };
  }
  if ('pointsConversion' in after || 'tierPointsConversion' in after) {
    return { message: 'audit.says.settingsConversion', values: {} };
  }
  if ('tierBillingRequirements' in after) return { message: 'audit.says.settingsTierBilling', values: {} };
  return { message: 'audit.says.settingsOther', values: {} };
}

/** Each action's sentence (the keys are ACTION_MESSAGES'). */
const SENTENCES: Record<string, (words: EntryWords) => Sentence> = {
  'user.create': ({ recorded, after, person }) => ({
    message: 'audit.says.userCreate',
    values: { type: recorded('userType') ?? 'other', name: person, imported: after.via === 'bulk import' ? 'yes' : 'no' },
    record: 'name',
  }),
  'user.block': userSentence('audit.says.userBlock'),
  'user.unblock': userSentence('audit.says.userUnblock'),
  'user.change_tier': ({ t, before, after, person }) => ({
    message: 'audit.says.userChangeTier',
    values: { name: person, from: tierName(t, before.tier), to: tierName(t, after.tier) },
    record: 'name',
  }),
  'user.change_email': userChangeEmail,
  'user.reset_password': userSentence('audit.says.userResetPassword'),
  'user.delete': ({ recorded, person }) => ({
    message: 'audit.says.userDelete',
    values: { type: recorded('userType') ?? 'other', name: person },
    record: 'name',
  }),
  'points.adjust': pointsAdjust,
  'points.expiry_run': ({ after }) => {
    const customers = numberOf(after.customers) ?? 0;
    return {
      message: 'audit.says.pointsExpiryRun',
      values: { n: customers, customers: formatNumber(customers), points: formatNumber(numberOf(after.points) ?? 0) },
    };
  },
  'bill.enter': billSentence('audit.says.billEnter'),
  'bill.edit': billSentence('audit.says.billEdit'),
  'bill.delete': billSentence('audit.says.billDelete'),
  'item.create': itemSentence('audit.says.itemCreate'),
  'item.update': itemSentence('audit.says.itemUpdate'),
  'item.delete': itemSentence('audit.says.itemDelete'),
  'order.status': ({ recorded, after, unnamed, customer }) => ({
    message: 'audit.says.orderStatus',
    values: { status: text(after.status) ?? 'other', order: recorded('orderIdAlias') ?? unnamed, name: customer },
    record: 'order',
  }),
  'settings.update': settingsUpdate,
  'tiers.review_apply': ({ entry, after }) => {
    const changed = numberOf(after.changed) ?? 0;
    return {
      message: 'audit.says.tiersReviewApply',
      values: { n: changed, count: formatNumber(changed), quarter: text(after.quarter) ?? entry.entityId ?? '' },
    };
  },
  'campaign.create': campaignSentence('audit.says.campaignCreate'),
  'campaign.update': campaignSentence('audit.says.campaignUpdate'),
  'campaign.delete': campaignSentence('audit.says.campaignDelete'),
};

/** The sentence of one entry, by its action; an action this screen does not know yet says its code. */
export function describeEntry(t: Translate, entry: AuditEntry): Sentence {
  // Own keys only: an action named like an Object method ("toString") is one this screen does not know.
  const sentence = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action] : undefined;
  if (!sentence) return { message: 'audit.says.other', values: { action: entry.action } };
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const recorded = (name: string) => text(after[name]) ?? text(before[name]);
  return sentence({
    t,
    entry,
    before,
    after,
    recorded,
    unnamed: t('audit.unnamed'),
    person: recorded('username') ?? entry.subject?.username ?? t('audit.someone'),
    customer: entry.subject?.username ?? t('audit.someone'),
  });
}
