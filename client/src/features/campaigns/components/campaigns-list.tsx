import { formatCalendarDate, formatNumber, kolkataDate, type Campaign } from '@app/common';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { DataList, EditDeleteActions } from '../../../components/ui/data-list';
import { deferredDialog } from '../../../components/ui/deferred';
import { QueryStates } from '../../../components/ui/query-states';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useCampaigns, useDeleteCampaign } from '../api/campaigns';

// The campaign form (its schema and date fields) is imported at its first opening (deferredDialog, decision 047).
const CampaignFormModal = deferredDialog(() => import('./campaign-form-modal').then((module) => module.CampaignFormModal));

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
 * On a phone each campaign is a card: its name and status on top, its days, multiplier and tiers in lines, Edit
 * and Delete at its foot (contract "Every screen on a phone").
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
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing({ campaign: null })}>{t('campaigns.add')}</Button>
      </Group>
      <QueryStates
        query={campaigns}
        loadErrorTitle={t('campaigns.loadError')}
        isEmpty={(data) => data.length === 0}
        empty={<Text c="dimmed">{t('campaigns.empty')}</Text>}
      >
        {(data) => <CampaignsTable campaigns={data} onEdit={(campaign) => setEditing({ campaign })} onDelete={setDeleting} />}
      </QueryStates>
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

type CampaignsTableProps = {
  campaigns: Campaign[];
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
};

/** The campaigns with their days, multiplier, tiers, whether each runs today, and Edit and Delete. */
function CampaignsTable({ campaigns, onEdit, onDelete }: CampaignsTableProps) {
  const t = useT();
  const today = kolkataDate(new Date());
  return (
    <DataList
      label={t('campaigns.table')}
      rows={campaigns}
      rowKey={(campaign) => campaign._id}
      columns={[
        { label: t('campaigns.name'), cell: (campaign) => campaign.name },
        {
          label: t('campaigns.days'),
          nowrap: true,
          cell: (campaign) =>
            t('campaigns.fromTo', { from: formatCalendarDate(campaign.from), to: formatCalendarDate(campaign.to) }),
        },
        {
          label: t('campaigns.multiplier'),
          number: true,
          cell: (campaign) => t('campaigns.times', { multiplier: formatNumber(campaign.multiplier) }),
        },
        {
          label: t('campaigns.tiers'),
          cell: (campaign) =>
            campaign.tiers ? campaign.tiers.map((tier) => t(`tier.${tier}`)).join(', ') : t('campaigns.allTiers'),
        },
        {
          label: t('campaigns.status'),
          // Beside the name on a phone: whether it runs is what a card is read for first.
          phone: 'aside',
          cell: (campaign) => {
            const status = STATUS[statusOf(campaign, today)];
            return (
              <Badge color={status.color} variant="light">
                {t(status.message)}
              </Badge>
            );
          },
        },
        {
          label: t('campaigns.actions'),
          phone: 'actions',
          cell: (campaign) => (
            <EditDeleteActions
              editText={t('campaigns.edit')}
              deleteText={t('campaigns.delete')}
              editLabel={t('campaigns.editLabel', { name: campaign.name })}
              deleteLabel={t('campaigns.deleteLabel', { name: campaign.name })}
              onEdit={() => onEdit(campaign)}
              onDelete={() => onDelete(campaign)}
            />
          ),
        },
      ]}
    />
  );
}
