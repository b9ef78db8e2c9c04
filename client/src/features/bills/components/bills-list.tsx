import { formatCalendarDate, formatInr, formatNumber, formatPoints, type Bill } from '@app/common';
import { Alert, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPagination, ListSearch } from '../../../components/ui/list-controls';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessage } from '../../../lib/api-client';
import { billsQueryOptions } from '../api/get-bills';
import { DeleteBillModal } from './delete-bill-modal';
import { EditBillModal } from './edit-bill-modal';

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Spec §2 Admin bills: search by bill number or username; bill number, username, date, amount in INR, Edit, Delete. */
export function BillsList() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === debouncedSearch ? paging.page : 1;
  const bills = useQuery(billsQueryOptions({ q: debouncedSearch, page, limit: PAGE_SIZE }));
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
      <Alert color="red" variant="light" role="alert" title="The bills could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{serverMessage(bills.error) ?? 'Please check your connection and try again.'}</Text>
          <Button size="xs" variant="default" onClick={() => bills.refetch()} loading={bills.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  // An empty page kept on screen while a new search loads says nothing yet about the new search.
  else if (bills.data.items.length === 0 && bills.isPlaceholderData) body = <PageLoader />;
  else if (bills.data.items.length === 0)
    body = (
      <Text py="lg" ta="center" c="dimmed">
        {debouncedSearch ? `No bills match "${debouncedSearch}"` : 'No bills yet. Add one from the User List.'}
      </Text>
    );
  else {
    const lastPage = Math.max(1, Math.ceil(bills.data.total / PAGE_SIZE));
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
          <ListPagination total={lastPage} value={page} onChange={(next) => setPaging({ q: debouncedSearch, page: next })} />
        </Group>
      </Stack>
    );
  }

  const searching = search.trim() !== debouncedSearch || (bills.isFetching && bills.isPlaceholderData);
  return (
    <Stack gap="md">
      <ListSearch
        label="Search by bill number or username"
        placeholder="Bill number or username"
        value={search}
        onChange={setSearch}
        searching={searching}
      />
      {body}
      <EditBillModal opened={dialog === 'edit'} bill={dialogBill} onClose={() => setDialog(null)} />
      <DeleteBillModal opened={dialog === 'delete'} bill={dialogBill} onClose={() => setDialog(null)} />
    </Stack>
  );
}
