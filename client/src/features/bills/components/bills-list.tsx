import { formatCalendarDate, formatInr, formatNumber, formatPoints, type Bill } from '@app/common';
import { Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListPagination, ListSearch } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { billsQueryOptions } from '../api/get-bills';
import { DeleteBillModal } from './delete-bill-modal';
import { EditBillModal } from './edit-bill-modal';

/** Spec §2 Admin bills: search by bill number or username; bill number, username, date, amount in INR, Edit, Delete. */
export function BillsList() {
  const t = useT();
  const paged = usePagedSearch(billsQueryOptions);
  const { list: bills, debouncedSearch } = paged;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // Kept after closing so the dialog does not empty while it fades out.
  const [dialogBill, setDialogBill] = useState<Bill | null>(null);
  const open = (kind: 'edit' | 'delete', bill: Bill) => {
    setDialogBill(bill);
    setDialog(kind);
  };

  let body;
  if (bills.isPending) body = <PageLoader />;
  else if (bills.isError)
    body = (
      <LoadError
        title={t('billsList.loadError')}
        error={bills.error}
        onRetry={() => void bills.refetch()}
        retrying={bills.isFetching}
      />
    );
  // An empty page kept while a new search loads, or a page emptied by a delete, says nothing yet.
  else if (bills.data.items.length === 0 && paged.settling) body = <PageLoader />;
  else if (bills.data.items.length === 0)
    body = (
      <Text py="lg" ta="center" c="dimmed">
        {debouncedSearch ? t('billsList.noMatch', { search: debouncedSearch }) : t('billsList.empty')}
      </Text>
    );
  else {
    const first = (bills.data.page - 1) * bills.data.limit + 1;
    body = (
      <Stack gap="sm">
        <Box aria-busy={bills.isPlaceholderData} style={{ opacity: bills.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('billsList.table')}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('billsList.table')}>
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <Table.Th scope="col">{t('billsList.billNumber')}</Table.Th>
                  <Table.Th scope="col">{t('billsList.username')}</Table.Th>
                  <Table.Th scope="col">{t('billsList.date')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('billsList.amount')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('billsList.points')}
                  </Table.Th>
                  <Table.Th scope="col">{t('billsList.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bills.data.items.map((bill) => (
                  <Table.Tr key={bill._id}>
                    <Table.Th scope="row" fw={500}>
                      {bill.billNumber}
                    </Table.Th>
                    <Table.Td>{bill.userId.username}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(bill.billDate)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatInr(bill.billAmount)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPoints(bill.points)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('billsList.editBill', { billNumber: bill.billNumber })}
                          onClick={() => open('edit', bill)}
                        >
                          {t('billsList.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          c="red.9"
                          aria-label={t('billsList.deleteBill', { billNumber: bill.billNumber })}
                          onClick={() => open('delete', bill)}
                        >
                          {t('billsList.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {t('list.showing', {
              first: formatNumber(first),
              last: formatNumber(first + bills.data.items.length - 1),
              total: formatNumber(bills.data.total),
            })}
          </Text>
          <ListPagination total={paged.lastPage} value={paged.page} onChange={paged.setPage} />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          label={t('billsList.searchLabel')}
          placeholder={t('billsList.searchPlaceholder')}
          value={paged.search}
          onChange={paged.setSearch}
          searching={paged.searching}
        />
        <ExportMenu path="/admin/export/bills" params={{ q: debouncedSearch }} what={t('billsList.exportWhat')} />
      </Group>
      {body}
      <EditBillModal opened={dialog === 'edit'} bill={dialogBill} onClose={() => setDialog(null)} />
      <DeleteBillModal opened={dialog === 'delete'} bill={dialogBill} onClose={() => setDialog(null)} />
    </Stack>
  );
}
