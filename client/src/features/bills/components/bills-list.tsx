import { formatCalendarDate, formatInr, type Bill } from '@app/common';
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { DataList, EditDeleteActions } from '../../../components/ui/data-list';
import { deferredDialog } from '../../../components/ui/deferred';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListSearch } from '../../../components/ui/list-controls';
import { PagedList } from '../../../components/ui/paged-list';
import { useT } from '../../../lib/i18n/use-t';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { billsQueryOptions } from '../api/get-bills';
import { billPointsText } from '../bill-points';

// Its dialogs are imported at their first opening (deferredDialog): their forms and schemas were a third of the
// screen's files, a slow phone's chain of downloads before the list could be drawn (issue 41, decision 047).
const EditBillModal = deferredDialog(() => import('./edit-bill-modal').then((module) => module.EditBillModal));
const DeleteBillModal = deferredDialog(() => import('./delete-bill-modal').then((module) => module.DeleteBillModal));

/**
 * Spec §2 Admin bills: search by bill number or username; bill number, username, date, amount in INR, Edit,
 * Delete, and the points with any campaign bonus (contract "Every screen on a phone").
 */
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
          <DataList
            label={t('billsList.table')}
            rows={bills}
            rowKey={(bill) => bill._id}
            columns={[
              { label: t('billsList.billNumber'), cell: (bill) => bill.billNumber },
              { label: t('billsList.username'), cell: (bill) => bill.userId.username },
              { label: t('billsList.date'), nowrap: true, cell: (bill) => formatCalendarDate(bill.billDate) },
              { label: t('billsList.amount'), number: true, cell: (bill) => formatInr(bill.billAmount) },
              { label: t('billsList.points'), number: true, phone: 'aside', cell: (bill) => billPointsText(t, bill) },
              {
                label: t('billsList.actions'),
                phone: 'actions',
                cell: (bill) => (
                  <EditDeleteActions
                    editText={t('billsList.edit')}
                    deleteText={t('billsList.delete')}
                    editLabel={t('billsList.editBill', { billNumber: bill.billNumber })}
                    deleteLabel={t('billsList.deleteBill', { billNumber: bill.billNumber })}
                    onEdit={() => open('edit', bill)}
                    onDelete={() => open('delete', bill)}
                  />
                ),
              },
            ]}
          />
        )}
      </PagedList>
      <EditBillModal opened={dialog === 'edit'} bill={dialogBill} onClose={() => setDialog(null)} />
      <DeleteBillModal opened={dialog === 'delete'} bill={dialogBill} onClose={() => setDialog(null)} />
    </Stack>
  );
}
