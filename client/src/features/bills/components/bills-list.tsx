import { formatCalendarDate, formatInr, formatNumber, formatPoints, type Bill } from '@app/common';
import { Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListPagination, ListSearch } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { billsQueryOptions } from '../api/get-bills';
import { DeleteBillModal } from './delete-bill-modal';
import { EditBillModal } from './edit-bill-modal';

/** Spec §2 Admin bills: search by bill number or username; bill number, username, date, amount in INR, Edit, Delete. */
export function BillsList() {
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
        title="The bills could not be loaded"
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
        {debouncedSearch ? `No bills match "${debouncedSearch}"` : 'No bills yet. Add one from the User List.'}
      </Text>
    );
  else {
    const first = (bills.data.page - 1) * bills.data.limit + 1;
    body = (
      <Stack gap="sm">
        <Box aria-busy={bills.isPlaceholderData} style={{ opacity: bills.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label="Bills">
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Bills">
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <Table.Th scope="col">Bill Number</Table.Th>
                  <Table.Th scope="col">Username</Table.Th>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Points
                  </Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
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
                          aria-label={`Edit bill ${bill.billNumber}`}
                          onClick={() => open('edit', bill)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          c="red.9"
                          aria-label={`Delete bill ${bill.billNumber}`}
                          onClick={() => open('delete', bill)}
                        >
                          Delete
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
            Showing {formatNumber(first)}–{formatNumber(first + bills.data.items.length - 1)} of {formatNumber(bills.data.total)}
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
          label="Search by bill number or username"
          placeholder="Bill number or username"
          value={paged.search}
          onChange={paged.setSearch}
          searching={paged.searching}
        />
        <ExportMenu path="/admin/export/bills" params={{ q: debouncedSearch }} what="bills" />
      </Group>
      {body}
      <EditBillModal opened={dialog === 'edit'} bill={dialogBill} onClose={() => setDialog(null)} />
      <DeleteBillModal opened={dialog === 'delete'} bill={dialogBill} onClose={() => setDialog(null)} />
    </Stack>
  );
}
