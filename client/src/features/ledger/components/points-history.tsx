import {
  formatKolkataDateTime,
  formatMonthOfDay,
  formatNumber,
  formatPoints,
  type LedgerEntry,
  type LedgerType,
  type Page,
} from '@app/common';
import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataList } from '../../../components/ui/data-list';
import { ListPagination } from '../../../components/ui/list-controls';
import { QueryStates } from '../../../components/ui/query-states';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { LEDGER_PAGE_SIZE, useOwnLedger } from '../api/get-own-ledger';

const WHAT: Record<LedgerType, MessageId> = {
  bill_entered: 'pointsHistory.type.billEntered',
  bill_edited: 'pointsHistory.type.billEdited',
  bill_deleted: 'pointsHistory.type.billDeleted',
  order_placed: 'pointsHistory.type.orderPlaced',
  order_cancelled: 'pointsHistory.type.orderCancelled',
  adjustment: 'pointsHistory.type.adjustment',
  points_expired: 'pointsHistory.type.pointsExpired',
  campaign_bonus: 'pointsHistory.type.campaignBonus',
};

/** Calendar dates in an expiry entry's note ("2026-11-30, 2026-12-31": the dates whose points expired). */
const CALENDAR_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * What an entry was, in words. An expiry names the months whose points expired, in the reader's format ("those due
 * by the end of November 2026"), not the server's dates: a row dated 7 Dec reading "2026-11-30" looked wrong.
 */
function whatText(t: Translate, entry: Pick<LedgerEntry, 'type' | 'note'>): string {
  const dates = entry.type === 'points_expired' ? (entry.note?.match(CALENDAR_DATE) ?? []) : [];
  if (dates.length > 0) {
    const months = [...new Set(dates.map((date) => formatMonthOfDay(date)))].join(', ');
    return t('pointsHistory.expiredMonths', { months });
  }
  return entry.note ? t('pointsHistory.withNote', { what: t(WHAT[entry.type]), note: entry.note }) : t(WHAT[entry.type]);
}

/**
 * The customer's points history (contract "ledger"): every credit and debit, newest first, with the balance after.
 * On a phone each entry is a card: what and ±points on top, then when and the balance.
 */
export function PointsHistory() {
  const t = useT();
  const [page, setPage] = useState(1);
  const ledger = useOwnLedger(page);

  return (
    <QueryStates
      query={ledger}
      loadErrorTitle={t('pointsHistory.loadError')}
      isEmpty={(data) => data.items.length === 0}
      empty={<Text c="dimmed">{t('pointsHistory.empty')}</Text>}
    >
      {(data) => <LedgerPage entries={data} page={page} onPageChange={setPage} />}
    </QueryStates>
  );
}

type LedgerPageProps = { entries: Page<LedgerEntry>; page: number; onPageChange: (page: number) => void };

/** One page of entries, the count and the page buttons. */
function LedgerPage({ entries, page, onPageChange }: LedgerPageProps) {
  const t = useT();
  const lastPage = Math.max(1, Math.ceil(entries.total / LEDGER_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <DataList
        label={t('pointsHistory.label')}
        rows={entries.items}
        rowKey={(entry) => entry._id}
        columns={[
          { label: t('pointsHistory.what'), cell: (entry) => whatText(t, entry) },
          { label: t('pointsHistory.date'), nowrap: true, cell: (entry) => formatKolkataDateTime(entry.createdAt) },
          {
            label: t('pointsHistory.points'),
            number: true,
            phone: 'aside',
            cell: (entry) => (
              <Text span inherit c={entry.points < 0 ? 'red.9' : 'teal.9'}>
                {entry.points > 0 ? '+' : ''}
                {formatPoints(entry.points)}
              </Text>
            ),
          },
          { label: t('pointsHistory.balance'), number: true, cell: (entry) => formatPoints(entry.availableAfter) },
        ]}
      />
      <Group justify="space-between">
        <Text size="sm" role="status">
          {t('pointsHistory.entries', { count: entries.total, total: formatNumber(entries.total) })}
        </Text>
        <ListPagination total={lastPage} value={page} onChange={onPageChange} />
      </Group>
    </Stack>
  );
}
