import { formatNumber, formatPoints, type LedgerType } from '@app/common';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { LEDGER_PAGE_SIZE, useOwnLedger } from '../api/get-own-ledger';

const WHAT: Record<LedgerType, string> = {
  bill_entered: 'Bill entered',
  bill_edited: 'Bill corrected',
  bill_deleted: 'Bill removed',
  order_placed: 'Order placed',
  order_cancelled: 'Order cancelled: points returned',
  adjustment: 'Adjustment',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** The customer's points history (contract "ledger"): every credit and debit, newest first, with the balance after. */
export function PointsHistory() {
  const [page, setPage] = useState(1);
  const ledger = useOwnLedger(page);

  if (ledger.isPending) return <PageLoader />;
  if (ledger.isError) {
    return (
      <LoadError
        title="Your points history could not be loaded"
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        retrying={ledger.isFetching}
      />
    );
  }
  if (ledger.data.items.length === 0) return <Text c="dimmed">No points yet: they appear here as your bills are entered.</Text>;
  const lastPage = Math.max(1, Math.ceil(ledger.data.total / LEDGER_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} role="region" aria-label="Points history">
        <Table striped verticalSpacing="xs" aria-label="Points history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">What</Table.Th>
              <Table.Th scope="col" ta="right">
                Points
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Balance
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.data.items.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(entry.createdAt))}</Table.Td>
                <Table.Td>
                  {WHAT[entry.type]}
                  {entry.note ? `: ${entry.note}` : ''}
                </Table.Td>
                <Table.Td ta="right" c={entry.points < 0 ? 'red.9' : 'green.9'} style={{ whiteSpace: 'nowrap' }}>
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
          {formatNumber(ledger.data.total)} {ledger.data.total === 1 ? 'entry' : 'entries'}
        </Text>
        <ListPagination total={lastPage} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
