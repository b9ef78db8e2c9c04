import {
  formatInr,
  nextQuarterTier,
  TIER_COLOURS,
  TIER_STARS,
  TIERS,
  type NextTierOutlook,
  type Quarter,
  type Tier,
  type TierNumbers,
} from '@app/common';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldFilled, IconStarFilled } from '@tabler/icons-react';
import { DataList } from '../../../components/ui/data-list';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { tierLabel } from '../tier-name';
import classes from './tier-outlook.module.css';

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
  const t = useT();
  const stars = TIER_STARS[tier];
  return (
    <Paper withBorder p="md" radius="md" miw={150} style={{ textAlign: 'center' }}>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
        <IconShieldFilled size={56} color={TIER_COLOURS[tier]} aria-hidden style={{ stroke: '#495057', strokeWidth: 1 }} />
        <Text fw={700}>{tierLabel(t, tier)}</Text>
        <Group gap={2} justify="center" aria-label={t('tierOutlook.stars', { count: stars })} role="img">
          {Array.from({ length: 5 }, (_, index) => (
            <IconStarFilled key={index} size={14} aria-hidden color={index < stars ? '#f59f00' : '#dee2e6'} />
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The message of spec §4 for each outcome of the next-quarter rule. */
function outlookMessage(outlook: NextTierOutlook, currentTier: Tier, t: Translate): { text: string; color: string } {
  const name = (tier: Tier) => tierLabel(t, tier);
  switch (outlook.kind) {
    case 'no-points':
      return {
        color: 'red',
        text: t('tierOutlook.noPoints', { shortfall: formatInr(outlook.shortfall), target: name('Basic') }),
      };
    case 'demotion':
      // Contract "Domain rules", Tier page: a fall to NoTier is still a demotion warning, and also says that no
      // points will be earned.
      return {
        color: outlook.nextTier === 'NoTier' ? 'red' : 'orange',
        text:
          outlook.nextTier === 'NoTier'
            ? t('tierOutlook.demotionToNone', {
                shortfall: formatInr(outlook.shortfall),
                current: name(currentTier),
                next: name('NoTier'),
              })
            : t('tierOutlook.demotion', {
                shortfall: formatInr(outlook.shortfall),
                current: name(currentTier),
                next: name(outlook.nextTier),
              }),
      };
    case 'top':
      return { color: 'green', text: t('tierOutlook.top', { top: name('Platinum') }) };
    case 'next-tier':
      return {
        color: 'blue',
        text: t('tierOutlook.next', {
          next: name(outlook.nextTier),
          shortfall: formatInr(outlook.shortfall),
          above: name(outlook.tierAbove),
        }),
      };
  }
}

/**
 * Spec §2 Tier page: current and next quarter's tier as shields with stars, the message of spec §4, billing in
 * the current quarter, the tier table and the terms. The rule is common's nextQuarterTier, the same the
 * server's quarterly review applies.
 */
export function TierOutlook({ currentTier, billing, quarter, requirements, rates }: TierOutlookProps) {
  const t = useT();
  const outlook = nextQuarterTier(currentTier, billing, requirements);
  const message = outlookMessage(outlook, currentTier, t);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <TierShield tier={currentTier} caption={t('tierOutlook.currentTier')} />
        <TierShield tier={outlook.nextTier} caption={t('tierOutlook.nextTier')} />
      </Group>
      <Alert color={message.color} variant="light" role="status">
        {message.text}
      </Alert>
      <Text>
        {t('tierOutlook.billing', { quarter: quarter.id, from: quarter.from, to: quarter.to })}{' '}
        <strong>{formatInr(billing)}</strong>
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('tierOutlook.tiers')}
        </Title>
        {/* Plain table elements (DataList), not Mantine's Table: that brought its ScrollArea and floating-ui into
            this customer screen (17 KB gzip of its 170 KB budget). On a phone each tier is a card. */}
        <div className={classes.tiers}>
          <DataList
            label={t('tierOutlook.table')}
            rows={TIERS}
            rowKey={(tier) => tier}
            columns={[
              {
                label: t('tierOutlook.colTier'),
                // The customer's own tier is marked here; the stylesheet makes its whole row bold.
                cell: (tier) =>
                  tier === currentTier ? (
                    <span aria-current="true" className={classes.current}>
                      {tierLabel(t, tier)}
                    </span>
                  ) : (
                    tierLabel(t, tier)
                  ),
              },
              { label: t('tierOutlook.colBilling'), number: true, cell: (tier) => formatInr(requirements[tier]) },
              {
                label: t('tierOutlook.colPoints'),
                cell: (tier) =>
                  rates[tier] > 0 ? t('tierOutlook.pointFor', { amount: formatInr(rates[tier]) }) : t('tierOutlook.noPointsRate'),
              },
            ]}
          />
        </div>
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('tierOutlook.terms')}
        </Title>
        <Text size="sm">{t('tierOutlook.termsText')}</Text>
      </Stack>
    </Stack>
  );
}
