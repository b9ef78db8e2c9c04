import {
  formatInr,
  formatNumber,
  formatPoints,
  formatMonth,
  getDisplayLocale,
  ORDER_STATUSES,
  TIERS,
  type OrderStatus,
  type Overview,
  type Tier,
} from '@app/common';
import { Box, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { DataList, type DataColumn } from '../../../components/ui/data-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useOverview } from '../api/get-overview';
import { BarChart, type ChartSeries } from './bar-chart';

const SPANS = ['6', '12', '24'] as const;

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

type FigureProps = { title: string; children: ReactNode };

function Figure({ title, children }: FigureProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type NumbersRow = readonly string[];

/**
 * The numbers of a chart as a table: headers in the first row, one row per category. On a phone each category
 * is a card (a month with its numbers as lines; a status or a tier with its one number beside it), so nothing
 * scrolls sideways (contract "Every screen on a phone"). The wrapper carries the id the chart is described by.
 */
function NumbersTable({ id, caption, head, rows }: { id: string; caption: string; head: string[]; rows: NumbersRow[] }) {
  const single = head.length === 2;
  const columns: DataColumn<NumbersRow>[] = head.map((label, index) => ({
    label,
    cell: (row) => row[index] ?? '',
    number: index > 0,
    phone: single ? 'aside' : 'line',
  }));
  return (
    <div id={id}>
      <DataList label={caption} columns={columns} rows={rows} rowKey={(row) => row[0] ?? ''} />
    </div>
  );
}

function Figures({ overview }: { overview: Overview }) {
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
  const quiet = overview.months.every((month) => month.billing === 0 && month.pointsIssued === 0 && month.orders === 0);

  return (
    <Stack gap="md">
      <Figure title={t('overview.months')}>
        {quiet ? (
          <Text c="dimmed">{t('overview.quiet')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BarChart
              label={t('overview.billingChart')}
              describedBy="overview-months"
              categories={charts.months}
              series={charts.billing}
              formatValue={compactInr}
            />
            <BarChart
              label={t('overview.pointsChart')}
              describedBy="overview-months"
              categories={charts.months}
              series={charts.points}
              kind="lines"
              formatValue={plainNumber}
            />
          </SimpleGrid>
        )}
        <NumbersTable
          id="overview-months"
          caption={t('overview.months')}
          head={[t('overview.month'), billingWord, issuedWord, redeemedWord, expiredWord, bonusWord, ordersWord]}
          rows={overview.months
            .map((month) => [
              formatMonth(month.month, locale),
              formatInr(month.billing),
              formatPoints(month.pointsIssued),
              formatPoints(month.pointsRedeemed),
              formatPoints(month.pointsExpired),
              formatPoints(month.pointsBonus),
              formatNumber(month.orders),
            ])
            .reverse()}
        />
      </Figure>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Figure title={t('overview.ordersByStatus')}>
          <BarChart
            label={t('overview.ordersByStatus')}
            describedBy="overview-orders"
            categories={charts.statuses}
            series={ordersSeries}
            formatValue={plainNumber}
            height={180}
          />
          <NumbersTable
            id="overview-orders"
            caption={t('overview.ordersByStatus')}
            head={[t('overview.status'), ordersWord]}
            rows={charts.orders.map((row, index) => [charts.statuses[index] ?? row.status, formatNumber(row.count)])}
          />
        </Figure>
        <Figure title={t('overview.customersByTier')}>
          <BarChart
            label={t('overview.customersByTier')}
            describedBy="overview-tiers"
            categories={charts.tiers}
            series={charts.customers}
            formatValue={plainNumber}
            height={180}
          />
          <NumbersTable
            id="overview-tiers"
            caption={t('overview.customersByTier')}
            head={[t('overview.tier'), customersWord]}
            rows={TIERS.map((tier) => [charts.tierName[tier], formatNumber(overview.customersByTier[tier])])}
          />
        </Figure>
      </SimpleGrid>
      <Figure title={t('overview.quarter', { quarter: overview.quarter.quarter })}>
        <Text size="sm">{t('overview.quarterText')}</Text>
        <NumbersTable
          id="overview-quarter"
          caption={t('overview.quarterCaption', { quarter: overview.quarter.quarter })}
          head={[t('overview.tier'), t('overview.billingRequired'), t('overview.customersMeeting')]}
          rows={overview.quarter.tiers.map((row) => [
            charts.tierName[row.tier],
            formatInr(row.requirement),
            formatNumber(row.customersMeeting),
          ])}
        />
      </Figure>
    </Stack>
  );
}

/**
 * Contract "running the programme", Overview: billing, points issued and redeemed and orders month by month
 * (Asia/Kolkata), orders by status, customers by tier and this quarter's standing. Every chart's numbers are
 * also a table beside it, which screen readers reach through the chart's description.
 */
export function OverviewPanel() {
  const t = useT();
  const [span, setSpan] = useState<(typeof SPANS)[number]>('12');
  const overview = useOverview(Number(span));

  let body;
  if (overview.isPending) body = <PageLoader />;
  else if (overview.isError)
    body = (
      <LoadError
        title={t('overview.loadError')}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  else
    body = (
      <Box aria-busy={overview.isPlaceholderData} style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
        <Figures overview={overview.data} />
      </Box>
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="overview-span">
          {t('overview.monthsShown')}
        </Text>
        <SegmentedControl
          aria-labelledby="overview-span"
          data={SPANS.map((value) => ({ value, label: t('overview.span', { count: formatNumber(Number(value)) }) }))}
          value={span}
          onChange={(value) => setSpan(value)}
          maw={360}
        />
      </Stack>
      {body}
    </Stack>
  );
}
