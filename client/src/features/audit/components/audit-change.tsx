import { formatCalendarDate, formatNumber, isTier, ORDER_STATUSES, type OrderStatus } from '@app/common';
import { Box, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT, type Translate } from '../../../lib/i18n/use-t';

type Fields = Record<string, unknown>;

/** The fields the server records, by name; any other field shows its name made readable (fieldLabel). */
const FIELD_MESSAGES: Record<string, MessageId> = {
  username: 'audit.field.username',
  partyName: 'audit.field.partyName',
  phoneNumber: 'audit.field.phoneNumber',
  userType: 'audit.field.userType',
  email: 'audit.field.email',
  language: 'audit.field.language',
  tier: 'audit.field.tier',
  blocked: 'audit.field.blocked',
  isPasswordReset: 'audit.field.isPasswordReset',
  via: 'audit.field.via',
  availablePoints: 'audit.field.availablePoints',
  totalPoints: 'audit.field.totalPoints',
  billNumber: 'audit.field.billNumber',
  billDate: 'audit.field.billDate',
  billAmount: 'audit.field.billAmount',
  points: 'audit.field.points',
  rate: 'audit.field.rate',
  amount: 'audit.field.amount',
  reason: 'audit.field.reason',
  orderIdAlias: 'audit.field.orderIdAlias',
  status: 'audit.field.status',
  name: 'audit.field.name',
  description: 'audit.field.description',
  price: 'audit.field.price',
  stock: 'audit.field.stock',
  discount: 'audit.field.discount',
  pointsConversion: 'audit.field.pointsConversion',
  tierPointsConversion: 'audit.field.tierPointsConversion',
  tierBillingRequirements: 'audit.field.tierBillingRequirements',
  quarter: 'audit.field.quarter',
  changed: 'audit.field.changed',
  value: 'audit.field.value',
  _id: 'audit.field.id',
  pointsRequired: 'audit.field.pointsRequired',
  images: 'audit.field.images',
  image: 'audit.field.image',
  cartLinesRemoved: 'audit.field.cartLinesRemoved',
  campaign: 'audit.field.campaign',
  bonusPoints: 'audit.field.bonusPoints',
  from: 'audit.field.from',
  to: 'audit.field.to',
  multiplier: 'audit.field.multiplier',
  tiers: 'audit.field.tiers',
  pointsExpiryMonths: 'audit.field.pointsExpiryMonths',
  customers: 'audit.field.customers',
};

/** Recorded values that are codes, in words: a user's type and language, how a user was added. */
const VALUE_MESSAGES: Record<string, MessageId> = {
  customer: 'audit.value.customer',
  admin: 'audit.value.admin',
  superadmin: 'audit.value.superadmin',
  en: 'audit.value.en',
  hi: 'audit.value.hi',
  'bulk import': 'audit.value.fileImport',
};
const WORDED_FIELDS = new Set(['userType', 'language', 'via']);
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The record's own id: the entry's sentence names the record, and its id is in the sentence's title, so the
 * before and after do not show it as text (contract "Every screen on a phone": no raw ids to read).
 */
const HIDDEN_FIELDS = new Set(['_id']);

function asFields(value: unknown): Fields | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Fields;
  return { value };
}

/** 'partyName' → 'Party name'; 'tier_billing' → 'Tier billing'. */
function readableName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label in the current language: a known field's message, a tier's name, else its readable name. */
function fieldLabel(t: Translate, name: string): string {
  const id = FIELD_MESSAGES[name];
  if (id) return t(id);
  if (isTier(name)) return t(`tier.${name}`);
  return readableName(name);
}

/** A recorded value in the current language; `field` is the name it was recorded under. */
function show(t: Translate, value: unknown, field?: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    // A tier, an order's status and a user's type are stored by their English codes; they read as words.
    if (isTier(value)) return t(`tier.${value}`);
    if (field === 'status' && ORDER_STATUSES.includes(value as OrderStatus)) return t(`orderStatus.${value as OrderStatus}`);
    const worded = field !== undefined && WORDED_FIELDS.has(field) ? VALUE_MESSAGES[value] : undefined;
    if (worded) return t(worded);
    if (CALENDAR_DAY.test(value)) return formatCalendarDate(value);
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => show(t, item, field)).join(', ');
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Fields)
      .map(([key, inner]) => `${fieldLabel(t, key)}: ${show(t, inner, key)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

type SideProps = { side: 'before' | 'after'; fields: Fields | null; names: string[]; changed: Set<string> };

function Side({ side, fields, names, changed }: SideProps) {
  const t = useT();
  return (
    <Paper withBorder p="xs" radius="sm">
      <Title order={4} size="h6" mb={4}>
        {t(side === 'before' ? 'audit.before' : 'audit.after')}
      </Title>
      {fields === null ? (
        <Text size="sm" c="dimmed">
          {t(side === 'before' ? 'audit.nothingNew' : 'audit.nothingRemoved')}
        </Text>
      ) : (
        <Box component="dl" m={0}>
          {names.map((name) => {
            const isChanged = changed.has(name);
            return (
              <Box
                key={name}
                px={4}
                py={2}
                style={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, 40%) 1fr', gap: '0.5rem', borderRadius: 4 }}
                bg={isChanged ? 'yellow.1' : undefined}
                data-changed={isChanged || undefined}
              >
                <Text component="dt" size="sm" fw={600}>
                  {fieldLabel(t, name)}
                  {isChanged && (
                    <Text component="span" size="xs" fw={700}>
                      {' '}
                      {t('audit.changed')}
                    </Text>
                  )}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {show(t, fields[name], name)}
                </Text>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * An audit entry's before and after, side by side (stacked on phones): each field by its name, the ones that
 * differ marked in colour and in words.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const beforeFields = asFields(before);
  const afterFields = asFields(after);
  const names = [...new Set([...Object.keys(beforeFields ?? {}), ...Object.keys(afterFields ?? {})])].filter(
    (name) => !HIDDEN_FIELDS.has(name),
  );
  const changed = new Set(
    names.filter(
      (name) =>
        beforeFields !== null && afterFields !== null && JSON.stringify(beforeFields[name]) !== JSON.stringify(afterFields[name]),
    ),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Side side="before" fields={beforeFields} names={names} changed={changed} />
      <Side side="after" fields={afterFields} names={names} changed={changed} />
    </SimpleGrid>
  );
}
