import { formatCalendarDate, formatInr, formatKolkataDay, formatNumber, type TierReview } from '@app/common';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { DataList } from '../../../components/ui/data-list';
import { QueryStates } from '../../../components/ui/query-states';
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
  const confirmation = {
    opened: confirming,
    ...mutationConfirmProps(applyMutation, () => setConfirming(false), t('tierReview.failed')),
    apply: (quarter: string) => applyMutation.mutate(quarter),
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('tierReview.heading')}
      </Title>
      <QueryStates query={review} loadErrorTitle={t('tierReview.loadError')}>
        {(data) => <TierReviewBody review={data} onApply={() => setConfirming(true)} confirmation={confirmation} />}
      </QueryStates>
    </Stack>
  );
}

type TierReviewProps = {
  review: TierReview;
  onApply: () => void;
  /** Apply's confirmation: open, waiting, why it failed, and the apply itself for the review's quarter. */
  confirmation: {
    opened: boolean;
    loading: boolean;
    error: string | undefined;
    onClose: () => void;
    apply: (quarter: string) => void;
  };
};

/** The review's summary, its changes (the first SHOWN_CHANGES), and Apply with its confirmation. */
function TierReviewBody({ review: data, onApply, confirmation }: TierReviewProps) {
  const t = useT();
  const { quarter, from, to, applied, appliedAt, rows } = data;
  const changes = rows.filter((row) => row.proposedTier !== row.currentTier);
  return (
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
          <Button onClick={onApply}>{t('tierReview.apply')}</Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirmation.opened}
        title={t('tierReview.apply')}
        question={t('tierReview.question', { quarter, n: changes.length, count: formatNumber(changes.length) })}
        confirmLabel={t('tierReview.confirm')}
        confirmColor="blue"
        loading={confirmation.loading}
        error={confirmation.error}
        onConfirm={() => confirmation.apply(quarter)}
        onClose={confirmation.onClose}
      />
    </Stack>
  );
}
