import { formatInr, formatNumber, formatPoints, ORDER_STATUSES, TIERS, tierLabel, type Overview } from '@app/common';
import { Box, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useOverview } from '../api/get-overview';
import { BarChart, type ChartSeries } from './bar-chart';

const SPANS = ['6', '12', '24'] as const;

const monthFormatter = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** '2026-05' → 'May 2026' */
function monthLabel(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return monthFormatter.format(new Date(Date.UTC(year, number - 1, 1)));
}

/** An axis's amounts in India's units: ₹2.5 Cr, ₹15 L, ₹9,500. */
function compactInr(amount: number): string {
  if (amount >= 1_00_00_000) return `₹${formatNumber(Math.round(amount / 1_00_000) / 100)} Cr`;
  if (amount >= 1_00_000) return `₹${formatNumber(Math.round(amount / 1_000) / 100)} L`;
  return formatInr(amount);
}

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

/** The numbers of a chart as a table: headers in the first row, one row per category. */
function NumbersTable({ id, caption, head, rows }: { id: string; caption: string; head: string[]; rows: string[][] }) {
  return (
    // Focusable so that a keyboard can scroll it sideways on a phone (the other lists' tables do the same).
    <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table id={id} striped verticalSpacing={4} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              <Table.Th key={cell} scope="col" ta={index === 0 ? 'left' : 'right'}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([first = '', ...rest]) => (
            <Table.Tr key={first}>
              <Table.Th scope="row" fw={500}>
                {first}
              </Table.Th>
              {rest.map((cell, index) => (
                <Table.Td key={index} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figures({ overview }: { overview: Overview }) {
  const charts = useMemo(() => {
    const months = overview.months.map((month) => monthLabel(month.month));
    return {
      months,
      billing: [{ label: 'Billing', values: overview.months.map((month) => month.billing), colour: '#1971c2' }],
      points: [
        { label: 'Points issued', values: overview.months.map((month) => month.pointsIssued), colour: '#2f9e44' },
        { label: 'Points redeemed', values: overview.months.map((month) => month.pointsRedeemed), colour: '#c2255c' },
      ],
      statuses: [...ORDER_STATUSES],
      orders: ORDER_STATUSES.map((status) => ({ status, count: overview.ordersByStatus[status] })),
      tiers: TIERS.map((tier) => tierLabel(tier)),
      customers: [{ label: 'Customers', values: TIERS.map((tier) => overview.customersByTier[tier]), colour: '#5f3dc4' }],
    };
  }, [overview]);
  const ordersSeries: ChartSeries[] = useMemo(
    () => [{ label: 'Orders', values: charts.orders.map((row) => row.count), colour: STATUS_COLOURS.Pending }],
    [charts.orders],
  );
  const quiet = overview.months.every((month) => month.billing === 0 && month.pointsIssued === 0 && month.orders === 0);

  return (
    <Stack gap="md">
      <Figure title="Month by month">
        {quiet ? (
          <Text c="dimmed">No billing, points or orders in these months yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BarChart
              label="Billing per month"
              describedBy="overview-months"
              categories={charts.months}
              series={charts.billing}
              formatValue={compactInr}
            />
            <BarChart
              label="Points issued and redeemed per month"
              describedBy="overview-months"
              categories={charts.months}
              series={charts.points}
              kind="lines"
              formatValue={(value) => formatNumber(value)}
            />
          </SimpleGrid>
        )}
        <NumbersTable
          id="overview-months"
          caption="Month by month"
          head={['Month', 'Billing', 'Points issued', 'Points redeemed', 'Orders']}
          rows={overview.months
            .map((month) => [
              monthLabel(month.month),
              formatInr(month.billing),
              formatPoints(month.pointsIssued),
              formatPoints(month.pointsRedeemed),
              formatNumber(month.orders),
            ])
            .reverse()}
        />
      </Figure>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Figure title="Orders by status">
          <BarChart
            label="Orders by status"
            describedBy="overview-orders"
            categories={charts.statuses}
            series={ordersSeries}
            formatValue={(value) => formatNumber(value)}
            height={180}
          />
          <NumbersTable
            id="overview-orders"
            caption="Orders by status"
            head={['Status', 'Orders']}
            rows={charts.orders.map((row) => [row.status, formatNumber(row.count)])}
          />
        </Figure>
        <Figure title="Customers by tier">
          <BarChart
            label="Customers by tier"
            describedBy="overview-tiers"
            categories={charts.tiers}
            series={charts.customers}
            formatValue={(value) => formatNumber(value)}
            height={180}
          />
          <NumbersTable
            id="overview-tiers"
            caption="Customers by tier"
            head={['Tier', 'Customers']}
            rows={TIERS.map((tier) => [tierLabel(tier), formatNumber(overview.customersByTier[tier])])}
          />
        </Figure>
      </SimpleGrid>
      <Figure title={`This quarter (${overview.quarter.quarter})`}>
        <Text size="sm">Customers whose billing so far this quarter meets each tier&apos;s requirement.</Text>
        <NumbersTable
          id="overview-quarter"
          caption={`Tier requirements met in ${overview.quarter.quarter}`}
          head={['Tier', 'Billing required', 'Customers meeting it']}
          rows={overview.quarter.tiers.map((row) => [
            tierLabel(row.tier),
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
  const [span, setSpan] = useState<(typeof SPANS)[number]>('12');
  const overview = useOverview(Number(span));

  let body;
  if (overview.isPending) body = <PageLoader />;
  else if (overview.isError)
    body = (
      <LoadError
        title="The overview could not be loaded"
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
          Months shown
        </Text>
        <SegmentedControl
          aria-labelledby="overview-span"
          data={SPANS.map((value) => ({ value, label: `${value} months` }))}
          value={span}
          onChange={(value) => setSpan(value)}
          maw={360}
        />
      </Stack>
      {body}
    </Stack>
  );
}
