import {
  formatInr,
  nextQuarterTier,
  TIER_COLOURS,
  TIER_STARS,
  tierLabel,
  TIERS,
  type NextTierOutlook,
  type Quarter,
  type Tier,
  type TierNumbers,
} from '@app/common';
import { Alert, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldFilled, IconStarFilled } from '@tabler/icons-react';

type TierOutlookProps = {
  currentTier: Tier;
  /** INR billed in the running quarter. */
  billing: number;
  quarter: Quarter;
  requirements: TierNumbers;
  /** INR of billing per point, per tier (0: no points). */
  rates: TierNumbers;
};

/** A tier as a shield in its colour (spec §9) with its stars. */
function TierShield({ tier, caption }: { tier: Tier; caption: string }) {
  const stars = TIER_STARS[tier];
  return (
    <Paper withBorder p="md" radius="md" miw={150} style={{ textAlign: 'center' }}>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        <IconShieldFilled size={56} color={TIER_COLOURS[tier]} aria-hidden style={{ stroke: '#495057', strokeWidth: 1 }} />
        <Text fw={700}>{tierLabel(tier)}</Text>
        <Group gap={2} justify="center" aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`} role="img">
          {Array.from({ length: 5 }, (_, index) => (
            <IconStarFilled key={index} size={14} aria-hidden color={index < stars ? '#f59f00' : '#dee2e6'} />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The message of spec §4 for each outcome of the next-quarter rule. */
function outlookMessage(outlook: NextTierOutlook, currentTier: Tier): { text: string; color: string } {
  switch (outlook.kind) {
    case 'no-points':
      return {
        color: 'red',
        text: `Your billing this quarter does not reach any tier: next quarter you will not earn points. Bill ${formatInr(outlook.shortfall)} more this quarter to reach ${tierLabel('Basic')}.`,
      };
    case 'demotion':
      // Contract "Domain rules", Tier page: a fall to NoTier is still a demotion warning, and also says that no
      // points will be earned.
      return {
        color: outlook.nextTier === 'NoTier' ? 'red' : 'orange',
        text:
          outlook.nextTier === 'NoTier'
            ? `Bill ${formatInr(outlook.shortfall)} more this quarter to stay ${tierLabel(currentTier)}; otherwise next quarter you will be ${tierLabel('NoTier')} and will not earn points.`
            : `Bill ${formatInr(outlook.shortfall)} more this quarter to stay ${tierLabel(currentTier)}; otherwise next quarter you will be ${tierLabel(outlook.nextTier)}.`,
      };
    case 'top':
      return { color: 'green', text: `You will be ${tierLabel('Platinum')}, the highest tier, next quarter.` };
    case 'next-tier':
      return {
        color: 'blue',
        text: `Next quarter you will be ${tierLabel(outlook.nextTier)}. Bill ${formatInr(outlook.shortfall)} more this quarter to reach ${tierLabel(outlook.tierAbove)}.`,
      };
  }
}

/**
 * Spec §2 Tier page: current and next quarter's tier as shields with stars, the message of spec §4, billing in
 * the current quarter, the tier table and the terms. The rule is common's nextQuarterTier, the same the
 * server's quarterly review applies.
 */
export function TierOutlook({ currentTier, billing, quarter, requirements, rates }: TierOutlookProps) {
  const outlook = nextQuarterTier(currentTier, billing, requirements);
  const message = outlookMessage(outlook, currentTier);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <TierShield tier={currentTier} caption="Current tier" />
        <TierShield tier={outlook.nextTier} caption="Next quarter's tier" />
      </Group>
      <Alert color={message.color} variant="light" role="status">
        {message.text}
      </Alert>
      <Text>
        Billing this quarter ({quarter.id}, {quarter.from} to {quarter.to}): <strong>{formatInr(billing)}</strong>
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Tiers
        </Title>
        <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label="Tier table">
          <Table striped verticalSpacing="xs" aria-label="Tier table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Tier</Table.Th>
                <Table.Th scope="col">Billing per quarter</Table.Th>
                <Table.Th scope="col">Points</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {TIERS.map((tier) => (
                <Table.Tr
                  key={tier}
                  aria-current={tier === currentTier ? 'true' : undefined}
                  fw={tier === currentTier ? 700 : undefined}
                >
                  <Table.Th scope="row">{tierLabel(tier)}</Table.Th>
                  <Table.Td>{formatInr(requirements[tier])}</Table.Td>
                  <Table.Td>{rates[tier] > 0 ? `1 point for every ${formatInr(rates[tier])}` : 'No points'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          Terms
        </Title>
        <Text size="sm">
          Quarters are calendar quarters (January–March, April–June, July–September, October–December), counted in India time.
          Your tier for the next quarter follows your billing in the quarter that ends: the highest tier whose billing you reach.
          A bill earns points at your tier's rate on the day it is entered; later changes of tier or rate do not change it.
        </Text>
      </Stack>
    </Stack>
  );
}
