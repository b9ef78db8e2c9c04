import { AUDIT_ACTIONS, formatNumber, type AuditEntry } from '@app/common';
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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { SEARCH_DELAY_MS } from '../../../lib/use-paged-search';
import { auditQueryOptions, type AuditFilters } from '../api/get-audit';
import { AuditChange } from './audit-change';

const PAGE_SIZE = 20;
const NO_FILTERS: AuditFilters = { actorId: '', action: '', entityId: '', from: '', to: '' };

const whenFormatter = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

function AuditEntryCard({ entry, onWho, onRecord }: { entry: AuditEntry; onWho: () => void; onRecord: () => void }) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`${entry.action} ${entry.entity}`}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {entry.action}
            </Badge>
            <Text size="sm">
              by{' '}
              {entry.actor ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={onWho}
                  aria-label={`Only changes by ${entry.actor.username}`}
                >
                  {entry.actor.username}
                </Anchor>
              ) : (
                'the system'
              )}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={entry.createdAt}>
            {whenFormatter.format(new Date(entry.createdAt))}
          </Text>
        </Group>
        <Text size="sm">
          Record: {entry.entity}{' '}
          {entry.entityId && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={onRecord}
              aria-label={`Only changes to record ${entry.entityId}`}
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
 * action, record and dates (calendar days in Asia/Kolkata, both inclusive), a page at a time. Paging follows
 * usePagedSearch: the page belongs to the filters it was chosen for, so new filters start on page 1.
 */
export function AuditList() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [who, setWho] = useState('');
  const [record, setRecord] = useState('');
  const [debouncedRecord] = useDebouncedValue(record.trim(), SEARCH_DELAY_MS);
  const asked: AuditFilters = { ...filters, entityId: debouncedRecord };
  const [paging, setPaging] = useState({ for: JSON.stringify(asked), page: 1 });
  const page = paging.for === JSON.stringify(asked) ? paging.page : 1;
  const list = useQuery(auditQueryOptions({ ...asked, page, limit: PAGE_SIZE }));
  const datesBackwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;

  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError)
    body = (
      <LoadError
        title="The audit log could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.items.length === 0 && list.isPlaceholderData) body = <PageLoader />;
  else if (list.data.items.length === 0)
    body = (
      <Text py="lg" ta="center" c="dimmed">
        No changes match these filters.
      </Text>
    );
  else {
    const first = (list.data.page - 1) * list.data.limit + 1;
    body = (
      <Stack gap="sm" aria-busy={list.isPlaceholderData} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {list.data.items.map((entry) => (
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
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            Showing {formatNumber(first)}–{formatNumber(first + list.data.items.length - 1)} of {formatNumber(list.data.total)}
          </Text>
          <ListPagination
            total={Math.max(1, Math.ceil(list.data.total / PAGE_SIZE))}
            value={page}
            onChange={(next) => setPaging({ for: JSON.stringify(asked), page: next })}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Box component="form" role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NativeSelect
            label="Action"
            data={[{ value: '', label: 'Any action' }, ...AUDIT_ACTIONS]}
            value={filters.action}
            onChange={(event) => set({ action: event.currentTarget.value })}
          />
          <TextInput
            label="Record"
            description="The id of the changed record"
            value={record}
            maxLength={100}
            onChange={(event) => setRecord(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="From"
            value={filters.from}
            onChange={(event) => set({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={filters.to}
            onChange={(event) => set({ to: event.currentTarget.value })}
            error={datesBackwards ? 'To must not be before From' : undefined}
          />
        </SimpleGrid>
        <Group gap="xs" mt="xs">
          <Text size="sm">
            Who: {filters.actorId ? <strong>{who}</strong> : 'anyone (choose a name in an entry to see only their changes)'}
          </Text>
          {filters.actorId && <CloseButton size="sm" aria-label="Show changes by anyone" onClick={() => set({ actorId: '' })} />}
          {(filters !== NO_FILTERS || record !== '') && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                setFilters(NO_FILTERS);
                setRecord('');
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
      </Box>
      {body}
    </Stack>
  );
}
