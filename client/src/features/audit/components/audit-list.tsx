import { AUDIT_ACTIONS, AUDIT_ENTITIES, formatKolkataDateTime, formatNumber, type AuditEntry } from '@app/common';
import {
  AccordionChevron,
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { PagedList } from '../../../components/ui/paged-list';
import { useT } from '../../../lib/i18n/use-t';
import { PAGE_SIZE, usePagedQuery } from '../../../lib/use-paged-search';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { auditQueryOptions, type AuditFilters } from '../api/get-audit';
import { AuditChange } from './audit-change';
import { ACTION_MESSAGES, describeEntry, ENTITY_MESSAGES, named } from './audit-sentence';

const NO_FILTERS: AuditFilters = { actorId: '', action: '', entity: '', entityId: '', from: '', to: '' };

/** The list's first page as the screen opens it, unfiltered: fetched with the screen's code (its loadFirstData). */
export const firstAuditPageQueryOptions = () => auditQueryOptions({ ...NO_FILTERS, page: 1, limit: PAGE_SIZE });

/**
 * Stand for the person and the record inside a translated sentence, so each language places them where its
 * words need them: characters of Unicode's private use area, which no name or number holds.
 */
const WHO = '\uE000';
const RECORD = '\uE001';

/** `text` was translated with WHO and RECORD for two of its values; their elements go where those are. */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode {
  return text.split(/([\uE000\uE001])/).map((part, index) => <span key={index}>{elements[part] ?? part}</span>);
}

/** A record as a person names it: its kind and the name the entry gives it ("Bill WB-7001"). */
type ChosenRecord = { entity: string; entityId: string; label: string };

type EntryCardProps = { entry: AuditEntry; onWho: () => void; onRecord: (record: ChosenRecord) => void };

function AuditEntryCard({ entry, onWho, onRecord }: EntryCardProps) {
  const t = useT();
  const sentence = describeEntry(t, entry);
  const who = entry.actor?.username ?? t('audit.theSystem');
  const recordName = sentence.record === undefined ? undefined : String(sentence.values[sentence.record] ?? '');
  const recordLabel =
    recordName === undefined
      ? undefined
      : t('audit.recordName', { kind: named(t, ENTITY_MESSAGES, entry.entity), name: recordName });
  // The sentence as text names the entry for screen readers; on screen its person and record are buttons.
  const plain = t(sentence.message, { ...sentence.values, who });
  const marked = t(sentence.message, {
    ...sentence.values,
    who: WHO,
    ...(sentence.record === undefined ? {} : { [sentence.record]: RECORD }),
  });
  const whoElement = entry.actor ? (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={onWho}
      aria-label={t('audit.onlyBy', { username: entry.actor.username })}
    >
      {entry.actor.username}
    </Anchor>
  ) : (
    who
  );
  const recordElement =
    entry.entityId && recordLabel !== undefined ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => onRecord({ entity: entry.entity, entityId: entry.entityId!, label: recordLabel })}
        aria-label={t('audit.onlyRecord', { record: recordLabel })}
      >
        {recordName}
      </Anchor>
    ) : (
      recordName
    );
  // In the current language (en-IN or hi-IN), in the programme's time zone.
  const when = formatKolkataDateTime(entry.createdAt);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={plain}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" align="flex-start">
          <Badge variant="light" tt="none" maw="100%">
            {named(t, ACTION_MESSAGES, entry.action)}
          </Badge>
          <Text size="sm" c="dimmed" component="time" dateTime={entry.createdAt}>
            {when}
          </Text>
        </Group>
        {/* The record's id is for whoever needs it, in the title: the sentence names the record in words. */}
        <Text
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          title={entry.entityId ? t('audit.recordId', { id: entry.entityId }) : undefined}
        >
          {withElements(marked, { [WHO]: whoElement, [RECORD]: recordElement })}
        </Text>
        <AuditChange before={entry.before} after={entry.after} />
      </Stack>
    </Paper>
  );
}

type FiltersProps = { filters: AuditFilters; setFilters: Dispatch<SetStateAction<AuditFilters>> };

/** The filters a person sets by hand: action, kind of record and the dates. */
function AuditFilterFields({ filters, setFilters }: FiltersProps) {
  const t = useT();
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  const datesBackwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  return (
    <>
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
        <NativeSelect
          label={t('audit.entityLabel')}
          data={[
            { value: '', label: t('audit.anyEntity') },
            ...AUDIT_ENTITIES.map((code) => ({ value: code, label: named(t, ENTITY_MESSAGES, code) })),
          ]}
          value={filters.entity}
          onChange={(event) => {
            const entity = event.currentTarget.value;
            // A record chosen in an entry is of one kind: another kind leaves it.
            setFilters((current) => ({ ...current, entity, entityId: entity === current.entity ? current.entityId : '' }));
          }}
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
      {(filters.actorId === '' || filters.entityId === '') && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('audit.pickHint')}
        </Text>
      )}
    </>
  );
}

/** The person and the record chosen in an entry, each with a way to let go of it, and Clear. */
function ChosenFilters({ filters, setFilters, who, record }: FiltersProps & { who: string; record: string }) {
  const t = useT();
  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  return (
    <Group gap="xs" mt="xs" style={{ overflowWrap: 'anywhere' }}>
      {filters.actorId && (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">
            {t('audit.whoLabel')} <strong>{who}</strong>
          </Text>
          <CloseButton size="sm" aria-label={t('audit.showAnyone')} onClick={() => set({ actorId: '' })} />
        </Group>
      )}
      {filters.entityId && (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">
            {t('audit.recordChosen')} <strong>{record}</strong>
          </Text>
          <CloseButton size="sm" aria-label={t('audit.showAnyRecord')} onClick={() => set({ entityId: '' })} />
        </Group>
      )}
      <Button size="compact-sm" variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
        {t('audit.clear')}
      </Button>
    </Group>
  );
}

/**
 * Contract "running the programme", Audit screen: every change staff made, newest first, each as a sentence,
 * filtered by action and kind of record in words, by dates (calendar days in Asia/Kolkata, both inclusive),
 * and by a person or a record chosen in an entry, a page at a time. On a phone the filters fold behind a
 * "Filters" button that counts the ones in use. The page belongs to the filters it was chosen for
 * (usePagedQuery), so new filters start on page 1.
 */
export function AuditList() {
  const t = useT();
  const small = useSmallScreen();
  const panelId = useId();
  const [opened, setOpened] = useState(false);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [who, setWho] = useState('');
  const [record, setRecord] = useState('');
  const paged = usePagedQuery(JSON.stringify(filters), (page) => auditQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  // A record chosen in an entry brings its kind with it: the two are one filter.
  const active =
    [filters.action, filters.actorId, filters.from, filters.to].filter((value) => value !== '').length +
    (filters.entity !== '' || filters.entityId !== '' ? 1 : 0);
  const unfolded = !small || opened;

  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <Stack gap="md">
      <Box component="form" role="search" aria-label={t('audit.filterForm')} onSubmit={(event) => event.preventDefault()}>
        {small && (
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            mb={opened ? 'sm' : 0}
            aria-expanded={opened}
            aria-controls={panelId}
            onClick={() => setOpened((open) => !open)}
            rightSection={
              <AccordionChevron
                aria-hidden
                style={{ transition: 'transform 200ms ease', transform: opened ? 'rotate(180deg)' : undefined }}
              />
            }
          >
            {t('audit.filters', { n: active, count: formatNumber(active) })}
          </Button>
        )}
        <Collapse expanded={unfolded} keepMountedMode="display-none" id={panelId}>
          <AuditFilterFields filters={filters} setFilters={setFilters} />
        </Collapse>
        {active > 0 && <ChosenFilters filters={filters} setFilters={setFilters} who={who} record={record} />}
      </Box>
      {/* While the first page loads, its place is kept about a page of entries tall. */}
      <Box mih={paged.list.isPending ? '60dvh' : undefined}>
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
                  onRecord={(chosen) => {
                    setRecord(chosen.label);
                    set({ entity: chosen.entity, entityId: chosen.entityId });
                  }}
                />
              ))}
            </Stack>
          )}
        </PagedList>
      </Box>
    </Stack>
  );
}
