import { formatKolkataDateTime, formatNumber, formatPoints, type LedgerType } from '@app/common';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
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

/** The customer's points history (contract "ledger"): every credit and debit, newest first, with the balance after. */
export function PointsHistory() {
  const t = useT();
  const [page, setPage] = useState(1);
  const ledger = useOwnLedger(page);

  if (ledger.isPending) return <PageLoader />;
  if (ledger.isError) {
    return (
      <LoadError
        title={t('pointsHistory.loadError')}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        retrying={ledger.isFetching}
      />
    );
  }
  if (ledger.data.items.length === 0) return <Text c="dimmed">{t('pointsHistory.empty')}</Text>;
  const lastPage = Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label={t('pointsHistory.label')}>
        <Table striped verticalSpacing="xs" aria-label={t('pointsHistory.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('pointsHistory.date')}</Table.Th>
              <Table.Th scope="col">{t('pointsHistory.what')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('pointsHistory.points')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('pointsHistory.balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.data.items.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKolkataDateTime(entry.createdAt)}</Table.Td>
                <Table.Td>
                  {entry.note
                    ? t('pointsHistory.withNote', { what: t(WHAT[entry.type]), note: entry.note })
                    : t(WHAT[entry.type])}
                </Table.Td>
                <Table.Td ta="right" c={entry.points < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
                  {entry.points > 0 ? '+' : ''}
                  {formatPoints(entry.points)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPoints(entry.availableAfter)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" role="status">
          {t('pointsHistory.entries', { count: ledger.data.total, total: formatNumber(ledger.data.total) })}
        </Text>
        <ListPagination total={lastPage} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
