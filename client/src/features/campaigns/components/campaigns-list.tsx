import { formatCalendarDate, formatNumber, kolkataDate, type Campaign } from '@app/common';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { EditDeleteCell, ListTable } from '../../../components/ui/list-table';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useCampaigns, useDeleteCampaign } from '../api/campaigns';
import { CampaignFormModal } from './campaign-form-modal';

type Status = 'running' | 'upcoming' | 'ended';

function statusOf(campaign: Campaign, today: string): Status {
  if (campaign.from > today) return 'upcoming';
  return campaign.to < today ? 'ended' : 'running';
}

const STATUS: Record<Status, { message: MessageId; color: string }> = {
  running: { message: 'campaigns.running', color: 'green' },
  upcoming: { message: 'campaigns.upcoming', color: 'blue' },
  ended: { message: 'campaigns.ended', color: 'gray' },
};

/**
 * Contract "bonus campaigns" (`/superadmin-campaigns`): every campaign with its days, multiplier, tiers and
 * whether it is running; Add, Edit and Delete (after a confirmation). Bills already entered keep their bonus.
 */
export function CampaignsList() {
  const t = useT();
  const campaigns = useCampaigns();
  const [editing, setEditing] = useState<{ campaign: Campaign | null } | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const deleteMutation = useDeleteCampaign({
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('campaigns.deleted', { name: deleting?.name ?? '' }) });
        setDeleting(null);
      },
    },
  });
  const today = kolkataDate(new Date());

  let body;
  if (campaigns.isPending) body = <PageLoader />;
  else if (campaigns.isError)
    body = (
      <LoadError
        title={t('campaigns.loadError')}
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  else if (campaigns.data.length === 0) body = <Text c="dimmed">{t('campaigns.empty')}</Text>;
  else
    body = (
      <ListTable
        label={t('campaigns.table')}
        minWidth={720}
        columns={[
          { label: t('campaigns.name') },
          { label: t('campaigns.days') },
          { label: t('campaigns.multiplier'), number: true },
          { label: t('campaigns.tiers') },
          { label: t('campaigns.status') },
          { label: t('campaigns.actions') },
        ]}
      >
        {campaigns.data.map((campaign) => {
          const status = STATUS[statusOf(campaign, today)];
          return (
            <Table.Tr key={campaign._id}>
              <Table.Th scope="row">{campaign.name}</Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t('campaigns.fromTo', { from: formatCalendarDate(campaign.from), to: formatCalendarDate(campaign.to) })}
              </Table.Td>
              <Table.Td ta="right">{t('campaigns.times', { multiplier: formatNumber(campaign.multiplier) })}</Table.Td>
              <Table.Td>
                {campaign.tiers ? campaign.tiers.map((tier) => t(`tier.${tier}`)).join(', ') : t('campaigns.allTiers')}
              </Table.Td>
              <Table.Td>
                <Badge color={status.color} variant="light">
                  {t(status.message)}
                </Badge>
              </Table.Td>
              <EditDeleteCell
                editText={t('campaigns.edit')}
                deleteText={t('campaigns.delete')}
                editLabel={t('campaigns.editLabel', { name: campaign.name })}
                deleteLabel={t('campaigns.deleteLabel', { name: campaign.name })}
                onEdit={() => setEditing({ campaign })}
                onDelete={() => setDeleting(campaign)}
              />
            </Table.Tr>
          );
        })}
      </ListTable>
    );

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing({ campaign: null })}>{t('campaigns.add')}</Button>
      </Group>
      {body}
      <CampaignFormModal opened={editing !== null} campaign={editing?.campaign ?? null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('campaigns.deleteTitle')}
        question={t('campaigns.deleteQuestion', { name: deleting?.name ?? '' })}
        confirmLabel={t('campaigns.delete')}
        confirmColor="red"
        onConfirm={() => deleting && deleteMutation.mutate(deleting._id)}
        {...mutationConfirmProps(deleteMutation, () => setDeleting(null), t('campaigns.deleteFailed'))}
      />
    </Stack>
  );
}
