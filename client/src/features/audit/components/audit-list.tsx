import { AUDIT_ACTIONS, formatKolkataDateTime, type AuditEntry } from '@app/common';
import {
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { PagedList } from '../../../components/ui/paged-list';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { PAGE_SIZE, SEARCH_DELAY_MS, usePagedQuery } from '../../../lib/use-paged-search';
import { auditQueryOptions, type AuditFilters } from '../api/get-audit';
import { AuditChange } from './audit-change';

const NO_FILTERS: AuditFilters = { actorId: '', action: '', entityId: '', from: '', to: '' };

/** The names of the actions and records in the current language; an unknown one shows as the server wrote it. */
const ACTION_MESSAGES: Record<string, MessageId> = {
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
const ENTITY_MESSAGES: Record<string, MessageId> = {
  user: 'audit.entity.user',
  bill: 'audit.entity.bill',
  item: 'audit.entity.item',
  order: 'audit.entity.order',
  settings: 'audit.entity.settings',
  tier_review: 'audit.entity.tierReview',
  points_expiry: 'audit.entity.pointsExpiry',
  campaign: 'audit.entity.campaign',
};

function named(t: Translate, messages: Record<string, MessageId>, code: string): string {
  const id = messages[code];
  return id ? t(id) : code;
}

/** Stands for an element inside a translated sentence, so each language places it where its words need it. */
const SLOT = '\u0000';

/** `text` was translated with SLOT for one of its values; the element goes where the slot is. */
function withElement(text: string, element: ReactNode): ReactNode {
  const [before = '', after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

function AuditEntryCard({ entry, onWho, onRecord }: { entry: AuditEntry; onWho: () => void; onRecord: () => void }) {
  const t = useT();
  const action = named(t, ACTION_MESSAGES, entry.action);
  const entity = named(t, ENTITY_MESSAGES, entry.entity);
  // In the current language (en-IN or hi-IN), in the programme's time zone.
  const when = formatKolkataDateTime(entry.createdAt);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={t('audit.entryLabel', { action, entity })}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {action}
            </Badge>
            <Text size="sm">
              {entry.actor
                ? withElement(
                    t('audit.byUser', { who: SLOT }),
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={onWho}
                      aria-label={t('audit.onlyBy', { username: entry.actor.username })}
                    >
                      {entry.actor.username}
                    </Anchor>,
                  )
                : t('audit.bySystem')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={entry.createdAt}>
            {when}
          </Text>
        </Group>
        <Text size="sm">
          {t('audit.record', { entity })}{' '}
          {entry.entityId && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={onRecord}
              aria-label={t('audit.onlyRecord', { id: entry.entityId })}
            >
              {entry.entityId}
            </Anchor>
          )}
        </Text>
        <AuditChange before={entry.before} after={entry.after} />
      </Stack>
    </Paper>
  );
}

/**
 * Contract "running the programme", Audit screen: every change staff made, newest first, filtered by who,
 * action, record and dates (calendar days in Asia/Kolkata, both inclusive), a page at a time. The page
 * belongs to the filters it was chosen for (usePagedQuery), so new filters start on page 1.
 */
export function AuditList() {
  const t = useT();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [who, setWho] = useState('');
  const [record, setRecord] = useState('');
  const [debouncedRecord] = useDebouncedValue(record.trim(), SEARCH_DELAY_MS);
  const asked: AuditFilters = { ...filters, entityId: debouncedRecord };
  const paged = usePagedQuery(JSON.stringify(asked), (page) => auditQueryOptions({ ...asked, page, limit: PAGE_SIZE }));
  const datesBackwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;

  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <Stack gap="md">
      <Box component="form" role="search" aria-label={t('audit.filterForm')} onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NativeSelect
            label={t('audit.actionLabel')}
            data={[
              { value: '', label: t('audit.anyAction') },
              ...AUDIT_ACTIONS.map((code) => ({ value: code, label: named(t, ACTION_MESSAGES, code) })),
            ]}
            value={filters.action}
            onChange={(event) => set({ action: event.currentTarget.value })}
          />
          <TextInput
            label={t('audit.recordLabel')}
            description={t('audit.recordHint')}
            value={record}
            maxLength={100}
            onChange={(event) => setRecord(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('audit.from')}
            value={filters.from}
            onChange={(event) => set({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('audit.to')}
            value={filters.to}
            onChange={(event) => set({ to: event.currentTarget.value })}
            error={datesBackwards ? t('audit.toBeforeFrom') : undefined}
          />
        </SimpleGrid>
        <Group gap="xs" mt="xs">
          <Text size="sm">
            {filters.actorId ? (
              <>
                {t('audit.whoLabel')} <strong>{who}</strong>
              </>
            ) : (
              t('audit.whoAnyone')
            )}
          </Text>
          {filters.actorId && <CloseButton size="sm" aria-label={t('audit.showAnyone')} onClick={() => set({ actorId: '' })} />}
          {(filters !== NO_FILTERS || record !== '') && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                setFilters(NO_FILTERS);
                setRecord('');
              }}
            >
              {t('audit.clear')}
            </Button>
          )}
        </Group>
      </Box>
      <PagedList paged={paged} loadErrorTitle={t('audit.loadError')} emptyMessage={t('audit.noMatch')}>
        {(entries) => (
          <Stack gap="sm">
            {entries.map((entry) => (
              <AuditEntryCard
                key={entry._id}
                entry={entry}
                onWho={() => {
                  setWho(entry.actor?.username ?? '');
                  set({ actorId: entry.actor?._id ?? '' });
                }}
                onRecord={() => setRecord(entry.entityId ?? '')}
              />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}
