import { formatCalendarDate, formatInr, formatPoints, type Bill } from '@app/common';
import { Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListSearch } from '../../../components/ui/list-controls';
import { EditDeleteCell, ListTable, NumberCell } from '../../../components/ui/list-table';
import { PagedList } from '../../../components/ui/paged-list';
import { useT } from '../../../lib/i18n/use-t';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { billsQueryOptions } from '../api/get-bills';
import { DeleteBillModal } from './delete-bill-modal';
import { EditBillModal } from './edit-bill-modal';

/** Spec §2 Admin bills: search by bill number or username; bill number, username, date, amount in INR, Edit, Delete. */
export function BillsList() {
  const t = useT();
  const paged = usePagedSearch(billsQueryOptions);
  const { debouncedSearch } = paged;
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  // Kept after closing so the dialog does not empty while it fades out.
  const [dialogBill, setDialogBill] = useState<Bill | null>(null);
  const open = (kind: 'edit' | 'delete', bill: Bill) => {
    setDialogBill(bill);
    setDialog(kind);
  };

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
      <PagedList
        paged={paged}
        loadErrorTitle={t('billsList.loadError')}
        emptyMessage={debouncedSearch ? t('billsList.noMatch', { search: debouncedSearch }) : t('billsList.empty')}
      >
        {(bills) => (
          <ListTable
            label={t('billsList.table')}
            minWidth={720}
            columns={[
              { label: t('billsList.billNumber') },
              { label: t('billsList.username') },
              { label: t('billsList.date') },
              { label: t('billsList.amount'), number: true },
              { label: t('billsList.points'), number: true },
              { label: t('billsList.actions') },
            ]}
          >
            {bills.map((bill) => (
              <Table.Tr key={bill._id}>
                <Table.Th scope="row" fw={500}>
                  {bill.billNumber}
                </Table.Th>
                <Table.Td>{bill.userId.username}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(bill.billDate)}</Table.Td>
                <NumberCell>{formatInr(bill.billAmount)}</NumberCell>
                <NumberCell>{formatPoints(bill.points)}</NumberCell>
                <EditDeleteCell
                  editText={t('billsList.edit')}
                  deleteText={t('billsList.delete')}
                  editLabel={t('billsList.editBill', { billNumber: bill.billNumber })}
                  deleteLabel={t('billsList.deleteBill', { billNumber: bill.billNumber })}
                  onEdit={() => open('edit', bill)}
                  onDelete={() => open('delete', bill)}
                />
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </PagedList>
      <EditBillModal opened={dialog === 'edit'} bill={dialogBill} onClose={() => setDialog(null)} />
      <DeleteBillModal opened={dialog === 'delete'} bill={dialogBill} onClose={() => setDialog(null)} />
    </Stack>
  );
}
