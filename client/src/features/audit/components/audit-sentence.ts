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

/** The sentence of one entry, by its action; an action this screen does not know yet says its code. */
export function describeEntry(t: Translate, entry: AuditEntry): Sentence {
  const before = fieldsOf(entry.before);
  const after = fieldsOf(entry.after);
  const recorded = (name: string) => text(after[name]) ?? text(before[name]);
  const unnamed = t('audit.unnamed');
  // The user's name as recorded with the change, else the person the server found for the record.
  const person = recorded('username') ?? entry.subject?.username ?? t('audit.someone');
  const customer = entry.subject?.username ?? t('audit.someone');
  const billSentence = (message: MessageId): Sentence => ({
    message,
    values: { bill: recorded('billNumber') ?? unnamed, name: customer },
    record: 'bill',
  });
  const tierName = (value: unknown) => (typeof value === 'string' && isTier(value) ? t(`tier.${value}`) : '—');

  switch (entry.action) {
    case 'user.create':
      return {
        message: 'audit.says.userCreate',
        values: { type: recorded('userType') ?? 'other', name: person, imported: after.via === 'bulk import' ? 'yes' : 'no' },
        record: 'name',
      };
    case 'user.block':
      return { message: 'audit.says.userBlock', values: { name: person }, record: 'name' };
    case 'user.unblock':
      return { message: 'audit.says.userUnblock', values: { name: person }, record: 'name' };
    case 'user.change_tier':
      return {
        message: 'audit.says.userChangeTier',
        values: { name: person, from: tierName(before.tier), to: tierName(after.tier) },
        record: 'name',
      };
    case 'user.change_email': {
      const own = entry.actor !== null && entry.subject !== null && entry.actor._id === entry.subject._id;
      const email = text(after.email);
      const change = own ? (email ? 'own' : 'ownRemoved') : email ? 'changed' : 'removed';
      return { message: 'audit.says.userChangeEmail', values: { change, name: person, email: email ?? '' }, record: 'name' };
    }
    case 'user.reset_password':
      return { message: 'audit.says.userResetPassword', values: { name: person }, record: 'name' };
    case 'user.delete':
      return {
        message: 'audit.says.userDelete',
        values: { type: recorded('userType') ?? 'other', name: person },
        record: 'name',
      };
    case 'points.adjust': {
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
    case 'points.expiry_run': {
      const customers = numberOf(after.customers) ?? 0;
      return {
        message: 'audit.says.pointsExpiryRun',
        values: { n: customers, customers: formatNumber(customers), points: formatNumber(numberOf(after.points) ?? 0) },
      };
    }
    case 'bill.enter':
      return billSentence('audit.says.billEnter');
    case 'bill.edit':
      return billSentence('audit.says.billEdit');
    case 'bill.delete':
      return billSentence('audit.says.billDelete');
    case 'item.create':
      return { message: 'audit.says.itemCreate', values: { item: recorded('name') ?? unnamed }, record: 'item' };
    case 'item.update':
      return { message: 'audit.says.itemUpdate', values: { item: recorded('name') ?? unnamed }, record: 'item' };
    case 'item.delete':
      return { message: 'audit.says.itemDelete', values: { item: recorded('name') ?? unnamed }, record: 'item' };
    case 'order.status':
      return {
        message: 'audit.says.orderStatus',
        values: { status: text(after.status) ?? 'other', order: recorded('orderIdAlias') ?? unnamed, name: customer },
        record: 'order',
      };
    case 'settings.update': {
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
    case 'tiers.review_apply': {
      const changed = numberOf(after.changed) ?? 0;
      return {
        message: 'audit.says.tiersReviewApply',
        values: { n: changed, count: formatNumber(changed), quarter: text(after.quarter) ?? entry.entityId ?? '' },
      };
    }
    case 'campaign.create':
      return { message: 'audit.says.campaignCreate', values: { campaign: recorded('name') ?? unnamed }, record: 'campaign' };
    case 'campaign.update':
      return { message: 'audit.says.campaignUpdate', values: { campaign: recorded('name') ?? unnamed }, record: 'campaign' };
    case 'campaign.delete':
      return { message: 'audit.says.campaignDelete', values: { campaign: recorded('name') ?? unnamed }, record: 'campaign' };
    default:
      return { message: 'audit.says.other', values: { action: entry.action } };
  }
}
