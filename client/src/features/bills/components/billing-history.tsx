import { formatCalendarDate, formatInr, formatPoints } from '@app/common';
import { Table, Text } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { useOwnBills } from '../api/get-own-bills';

/** Spec §2 Profile: the customer's billing history (number, date, amount), newest first. */
export function BillingHistory() {
  const t = useT();
  const bills = useOwnBills();
  if (bills.isPending) return <PageLoader />;
  if (bills.isError) {
    return (
      <LoadError
        title={t('billingHistory.loadError')}
        error={bills.error}
        onRetry={() => void bills.refetch()}
        retrying={bills.isFetching}
      />
    );
  }
  if (bills.data.length === 0) return <Text c="dimmed">{t('billingHistory.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={440} type="native" tabIndex={0} role="region" aria-label={t('billingHistory.label')}>
      <Table striped verticalSpacing="xs" aria-label={t('billingHistory.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('billingHistory.billNumber')}</Table.Th>
            <Table.Th scope="col">{t('billingHistory.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('billingHistory.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('billingHistory.points')}
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
