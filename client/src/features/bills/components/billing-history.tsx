import { formatCalendarDate, formatInr, formatPoints } from '@app/common';
import { Table, Text } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useOwnBills } from '../api/get-own-bills';

/** Spec §2 Profile: the customer's billing history (number, date, amount), newest first. */
export function BillingHistory() {
  const bills = useOwnBills();
  if (bills.isPending) return <PageLoader />;
  if (bills.isError) {
    return (
      <LoadError
        title="Your bills could not be loaded"
        error={bills.error}
        onRetry={() => void bills.refetch()}
        retrying={bills.isFetching}
      />
    );
  }
  if (bills.data.length === 0) return <Text c="dimmed">No bills yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={440} type="native" tabIndex={0} role="region" aria-label="Billing history">
      <Table striped verticalSpacing="xs" aria-label="Billing history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Bill Number</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Points
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.data.map((bill) => (
            <Table.Tr key={bill._id}>
              <Table.Th scope="row" fw={500}>
                {bill.billNumber}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(bill.billDate)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatInr(bill.billAmount)}
              </Table.Td>
              <Table.Td ta="right">{formatPoints(bill.points)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
