import { formatPoints } from '@app/common';
import { Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pointsHistoryHref } from '../../../config/paths';
import { DelayedLoader } from '../../../components/ui/delayed-loader';
import { useT } from '../../../lib/i18n/use-t';
import { usePoints } from '../api/get-points';

/**
 * Spec §2 Header: a customer's 'Your Points' balance (Indian digit grouping, spec §9; points with 2 decimals). It
 * opens the points history on the profile (contract "Every screen on a phone"), as the tier badge opens /tier-page.
 */
export function PointsBalance() {
  const t = useT();
  const points = usePoints();

  let value: ReactNode;
  if (points.isPending) {
    value = (
      <>
        <DelayedLoader size={14} data-testid="points-balance-spinner" />
        <VisuallyHidden>{t('pointsBalance.loading')}</VisuallyHidden>
      </>
    );
  } else if (points.isError) {
    value = (
      <Text span fw={700} size="sm" title={t('pointsBalance.loadError')}>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('pointsBalance.unavailable')}</VisuallyHidden>
      </Text>
    );
  } else {
    value = (
      <Text span fw={700} size="sm">
        {formatPoints(points.data.availablePoints)}
      </Text>
    );
  }

  return (
    <UnstyledButton component={Link} to={pointsHistoryHref()}>
      <Stack gap={0} align="flex-end" aria-live="polite">
        <Text size="xs" c="dimmed" lh={1.2}>
          {t('pointsBalance.label')}
        </Text>
        {value}
      </Stack>
      <VisuallyHidden>{t('pointsBalance.history')}</VisuallyHidden>
    </UnstyledButton>
  );
}
