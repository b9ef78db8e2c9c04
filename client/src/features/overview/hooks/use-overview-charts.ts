import {
  formatInr,
  formatNumber,
  formatMonth,
  getDisplayLocale,
  ORDER_STATUSES,
  TIERS,
  type OrderStatus,
  type Overview,
  type Tier,
} from '@app/common';
import { useCallback, useMemo } from 'react';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import type { ChartSeries } from '../components/bar-chart';

/** The API keeps the English names; the screen shows them in the reader's language. */
const STATUS_MESSAGE: Record<OrderStatus, MessageId> = {
  Pending: 'orderStatus.Pending',
  Completed: 'orderStatus.Completed',
  Cancelled: 'orderStatus.Cancelled',
};
const TIER_MESSAGE: Record<Tier, MessageId> = {
  NoTier: 'overview.tierName.NoTier',
  Basic: 'overview.tierName.Basic',
  Bronze: 'overview.tierName.Bronze',
  Silver: 'overview.tierName.Silver',
  Gold: 'overview.tierName.Gold',
  Platinum: 'overview.tierName.Platinum',
};

const AMOUNT_MARK = '\u0000';
const LIST_MARK = '\u0000';

const STATUS_COLOURS = { Pending: '#e8590c', Completed: '#2f9e44', Cancelled: '#868e96' } as const;

/**
 * The overview's charts (categories, series and axis formatters), kept stable across renders while the
 * figures and the language stay the same, and the words their tables share.
 */
export function useOverviewCharts(overview: Overview) {
  const t = useT();
  const locale = getDisplayLocale();
  // The words go into the memo as plain strings, so that the charts are rebuilt when the language changes but
  // not at every render (uPlot draws the canvas anew whenever its inputs change).
  const billingWord = t('overview.billing');
  const issuedWord = t('overview.pointsIssued');
  const redeemedWord = t('overview.pointsRedeemed');
  const expiredWord = t('overview.pointsExpired');
  const bonusWord = t('overview.pointsBonus');
  const ordersWord = t('overview.orders');
  const customersWord = t('overview.customers');
  const statusWords = ORDER_STATUSES.map((status) => t(STATUS_MESSAGE[status])).join(LIST_MARK);
  const tierWords = TIERS.map((tier) => t(TIER_MESSAGE[tier])).join(LIST_MARK);
  const charts = useMemo(() => {
    const tierNames = tierWords.split(LIST_MARK);
    return {
      months: overview.months.map((month) => formatMonth(month.month, locale)),
      billing: [{ label: billingWord, values: overview.months.map((month) => month.billing), colour: '#1971c2' }],
      points: [
        { label: issuedWord, values: overview.months.map((month) => month.pointsIssued), colour: '#2f9e44' },
        { label: redeemedWord, values: overview.months.map((month) => month.pointsRedeemed), colour: '#c2255c' },
        { label: expiredWord, values: overview.months.map((month) => month.pointsExpired), colour: '#868e96' },
        { label: bonusWord, values: overview.months.map((month) => month.pointsBonus), colour: '#e8590c' },
      ],
      statuses: statusWords.split(LIST_MARK),
      orders: ORDER_STATUSES.map((status) => ({ status, count: overview.ordersByStatus[status] })),
      tiers: tierNames,
      tierName: Object.fromEntries(TIERS.map((tier, index) => [tier, tierNames[index] ?? tier])) as Record<Tier, string>,
      customers: [{ label: customersWord, values: TIERS.map((tier) => overview.customersByTier[tier]), colour: '#5f3dc4' }],
    };
  }, [overview, locale, billingWord, issuedWord, redeemedWord, expiredWord, bonusWord, customersWord, statusWords, tierWords]);
  const ordersSeries: ChartSeries[] = useMemo(
    () => [{ label: ordersWord, values: charts.orders.map((row) => row.count), colour: STATUS_COLOURS.Pending }],
    [charts.orders, ordersWord],
  );
  // The axis's unit words, with a mark where each tick's number goes: the formatter below must stay the same
  // function while the language does (a new one redraws the chart), so it cannot call t itself.
  const crore = t('overview.crore', { amount: AMOUNT_MARK });
  const lakh = t('overview.lakh', { amount: AMOUNT_MARK });
  /** An axis's amounts in India's units: ₹2.5 Cr, ₹15 L, ₹9,500 (₹2.5 करोड़, ₹15 लाख in Hindi). */
  const compactInr = useCallback(
    (amount: number): string => {
      if (amount >= 1_00_00_000) return crore.replace(AMOUNT_MARK, formatNumber(Math.round(amount / 1_00_000) / 100));
      if (amount >= 1_00_000) return lakh.replace(AMOUNT_MARK, formatNumber(Math.round(amount / 1_000) / 100));
      return formatInr(amount);
    },
    [crore, lakh],
  );
  const plainNumber = useCallback((value: number) => formatNumber(value), []);
  return {
    locale,
    charts,
    ordersSeries,
    compactInr,
    plainNumber,
    words: {
      billing: billingWord,
      issued: issuedWord,
      redeemed: redeemedWord,
      expired: expiredWord,
      bonus: bonusWord,
      orders: ordersWord,
      customers: customersWord,
    },
  };
}
