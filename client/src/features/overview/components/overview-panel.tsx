import { formatInr, formatNumber, formatPoints, formatMonth, TIERS, type Overview, type Tier } from '@app/common';
import { Box, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DataList, type DataColumn } from '../../../components/ui/data-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { useOverview } from '../api/get-overview';
import { useOverviewCharts } from '../hooks/use-overview-charts';
import { BarChart } from './bar-chart';

const SPANS = ['6', '12', '24'] as const;

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

/** This quarter's standing: per tier, its billing requirement and how many customers meet it. */
function QuarterFigure({ overview, tierName }: { overview: Overview; tierName: Record<Tier, string> }) {
  const t = useT();
  return (
    <Figure title={t('overview.quarter', { quarter: overview.quarter.quarter })}>
      <Text size="sm">{t('overview.quarterText')}</Text>
      <NumbersTable
        id="overview-quarter"
        caption={t('overview.quarterCaption', { quarter: overview.quarter.quarter })}
        head={[t('overview.tier'), t('overview.billingRequired'), t('overview.customersMeeting')]}
        rows={overview.quarter.tiers.map((row) => [
          tierName[row.tier],
          formatInr(row.requirement),
          formatNumber(row.customersMeeting),
        ])}
      />
    </Figure>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const t = useT();
  const { locale, charts, ordersSeries, compactInr, plainNumber, words } = useOverviewCharts(overview);
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
          head={[t('overview.month'), words.billing, words.issued, words.redeemed, words.expired, words.bonus, words.orders]}
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
            head={[t('overview.status'), words.orders]}
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
            head={[t('overview.tier'), words.customers]}
            rows={TIERS.map((tier) => [charts.tierName[tier], formatNumber(overview.customersByTier[tier])])}
          />
        </Figure>
      </SimpleGrid>
      <QuarterFigure overview={overview} tierName={charts.tierName} />
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
