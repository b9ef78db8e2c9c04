import { formatCalendarDate, formatInr } from '@app/common';
import { Text } from '@mantine/core';
import { DataList } from '../../../components/ui/data-list';
import { QueryStates } from '../../../components/ui/query-states';
import { useT } from '../../../lib/i18n/use-t';
import { useOwnBills } from '../api/get-own-bills';
import { billPointsText } from '../bill-points';

/**
 * Spec §2 Profile: the customer's billing history (number, date, amount), newest first, with each bill's points
 * and any campaign bonus (contract "Every screen on a phone").
 */
export function BillingHistory() {
  const t = useT();
  const bills = useOwnBills();
  return (
    <QueryStates
      query={bills}
      loadErrorTitle={t('billingHistory.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={<Text c="dimmed">{t('billingHistory.empty')}</Text>}
    >
      {(data) => (
        <DataList
          label={t('billingHistory.label')}
          rows={data}
          rowKey={(bill) => bill._id}
          columns={[
            { label: t('billingHistory.billNumber'), cell: (bill) => bill.billNumber },
            { label: t('billingHistory.date'), nowrap: true, cell: (bill) => formatCalendarDate(bill.billDate) },
            { label: t('billingHistory.amount'), number: true, cell: (bill) => formatInr(bill.billAmount) },
            { label: t('billingHistory.points'), number: true, phone: 'aside', cell: (bill) => billPointsText(t, bill) },
          ]}
        />
      )}
    </QueryStates>
  );
}
