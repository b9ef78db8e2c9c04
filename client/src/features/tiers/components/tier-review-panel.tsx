import { formatCalendarDate, formatInr, formatKolkataDay, formatNumber } from '@app/common';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DataList } from '../../../components/ui/data-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useApplyTierReview, useTierReview } from '../api/tier-review';

/** Rows shown at once; the rest are counted (a review covers every customer). */
const SHOWN_CHANGES = 200;

/**
 * Contract "Quarterly tier review": the last quarter that has ended, each customer's billing in it and the tier
 * spec §4's rule proposes; the changes, and Apply (after a confirmation) once per quarter.
 */
export function TierReviewPanel() {
  const t = useT();
  const review = useTierReview();
  const [confirming, setConfirming] = useState(false);
  const applyMutation = useApplyTierReview({
    mutationConfig: {
      onSuccess: ({ quarter, changed }) => {
        notifications.show({
          color: 'green',
          title: t('tierReview.appliedTitle', { quarter }),
          message: t('tierReview.changedCount', { n: changed, count: formatNumber(changed) }),
        });
        setConfirming(false);
      },
    },
  });

  let body;
  if (review.isPending) body = <PageLoader />;
  else if (review.isError)
    body = (
      <LoadError
        title={t('tierReview.loadError')}
        error={review.error}
        onRetry={() => void review.refetch()}
        retrying={review.isFetching}
      />
    );
  else {
    const { quarter, from, to, applied, appliedAt, rows } = review.data;
    const changes = rows.filter((row) => row.proposedTier !== row.currentTier);
    body = (
      <Stack gap="sm">
        <Group gap="sm">
          <Text>
            {t('tierReview.summary', {
              quarter,
              from: formatCalendarDate(from),
              to: formatCalendarDate(to),
              customers: formatNumber(rows.length),
              n: changes.length,
              changes: formatNumber(changes.length),
            })}
          </Text>
          {applied && (
            <Badge color="green" variant="light">
              {appliedAt ? t('tierReview.appliedOn', { date: formatKolkataDay(appliedAt) }) : t('tierReview.applied')}
            </Badge>
          )}
        </Group>
        {changes.length > 0 && (
          // On a phone each change is a card under its username, the current and proposed tiers in labelled lines
          // (a bare tier beside the name would not say which of the two it is).
          <DataList
            label={t('tierReview.table')}
            rows={changes.slice(0, SHOWN_CHANGES)}
            rowKey={(row) => row.userId}
            columns={[
              { label: t('tierReview.username'), cell: (row) => row.username },
              { label: t('tierReview.partyName'), cell: (row) => row.partyName },
              { label: t('tierReview.billingIn', { quarter }), number: true, cell: (row) => formatInr(row.billing) },
              { label: t('tierReview.currentTier'), cell: (row) => t(`tier.${row.currentTier}`) },
              { label: t('tierReview.proposedTier'), cell: (row) => t(`tier.${row.proposedTier}`) },
            ]}
          />
        )}
        {changes.length > SHOWN_CHANGES && (
          <Text size="sm">{t('tierReview.more', { count: formatNumber(changes.length - SHOWN_CHANGES) })}</Text>
        )}
        {!applied && (
          <Group>
            <Button onClick={() => setConfirming(true)}>{t('tierReview.apply')}</Button>
          </Group>
        )}
        <ConfirmModal
          opened={confirming}
          title={t('tierReview.apply')}
          question={t('tierReview.question', { quarter, n: changes.length, count: formatNumber(changes.length) })}
          confirmLabel={t('tierReview.confirm')}
          confirmColor="blue"
          loading={applyMutation.isPending}
          error={applyMutation.isError ? (serverMessage(applyMutation.error) ?? t('tierReview.failed')) : undefined}
          onConfirm={() => applyMutation.mutate(quarter)}
          onClose={() => {
            applyMutation.reset();
            setConfirming(false);
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('tierReview.heading')}
      </Title>
      {body}
    </Stack>
  );
}
