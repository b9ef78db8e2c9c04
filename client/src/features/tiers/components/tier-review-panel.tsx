import { formatInr, formatNumber, tierLabel } from '@app/common';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { serverMessage } from '../../../lib/api-client';
import { useApplyTierReview, useTierReview } from '../api/tier-review';

/** Rows shown at once; the rest are counted (a review covers every customer). */
const SHOWN_CHANGES = 200;

/**
 * Contract "Quarterly tier review": the last quarter that has ended, each customer's billing in it and the tier
 * spec §4's rule proposes; the changes, and Apply (after a confirmation) once per quarter.
 */
export function TierReviewPanel() {
  const review = useTierReview();
  const [confirming, setConfirming] = useState(false);
  const applyMutation = useApplyTierReview({
    mutationConfig: {
      onSuccess: ({ quarter, changed }) => {
        notifications.show({
          color: 'green',
          title: `Tier review of ${quarter} applied`,
          message: `${formatNumber(changed)} tiers changed`,
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
        title="The tier review could not be loaded"
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
            Quarter <strong>{quarter}</strong> ({from} to {to}): {formatNumber(rows.length)} customers,{' '}
            {formatNumber(changes.length)} tier {changes.length === 1 ? 'change' : 'changes'} proposed.
          </Text>
          {applied && (
            <Badge color="green" variant="light">
              Applied{appliedAt ? ` ${new Date(appliedAt).toLocaleDateString('en-IN')}` : ''}
            </Badge>
          )}
        </Group>
        {changes.length > 0 && (
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label="Proposed tier changes">
            <Table striped verticalSpacing="xs" aria-label="Proposed tier changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Username</Table.Th>
                  <Table.Th scope="col">Party Name</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Billing in {quarter}
                  </Table.Th>
                  <Table.Th scope="col">Current tier</Table.Th>
                  <Table.Th scope="col">Proposed tier</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.slice(0, SHOWN_CHANGES).map((row) => (
                  <Table.Tr key={row.userId}>
                    <Table.Th scope="row">{row.username}</Table.Th>
                    <Table.Td>{row.partyName}</Table.Td>
                    <Table.Td ta="right">{formatInr(row.billing)}</Table.Td>
                    <Table.Td>{tierLabel(row.currentTier)}</Table.Td>
                    <Table.Td>{tierLabel(row.proposedTier)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {changes.length > SHOWN_CHANGES && <Text size="sm">…and {formatNumber(changes.length - SHOWN_CHANGES)} more.</Text>}
        {!applied && (
          <Group>
            <Button onClick={() => setConfirming(true)}>Apply tier review</Button>
          </Group>
        )}
        <ConfirmModal
          opened={confirming}
          title="Apply tier review"
          question={`Are you sure you want to apply the tier review of ${quarter}? ${formatNumber(changes.length)} customers' tiers will change. It can be applied only once.`}
          confirmLabel="Apply"
          confirmColor="blue"
          loading={applyMutation.isPending}
          error={
            applyMutation.isError
              ? (serverMessage(applyMutation.error) ?? 'Could not apply the review. Please try again.')
              : undefined
          }
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
        Quarterly tier review
      </Title>
      {body}
    </Stack>
  );
}
