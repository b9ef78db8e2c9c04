import { createCampaignSchema, kolkataDate, TIERS, type Campaign, type Tier } from '@app/common';
import { Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useCreateCampaign, useUpdateCampaign } from '../api/campaigns';

type CampaignFormValues = { name: string; from: string; to: string; multiplier: number | string; tiers: Tier[] };

/**
 * The values as sent: no tier ticked is every tier (contract "bonus campaigns"), sent as null, which on an edit
 * also clears the tiers the campaign had (a PATCH leaves out only what it does not change).
 */
function asSent(values: CampaignFormValues) {
  return { ...values, tiers: values.tiers.length === 0 ? null : values.tiers };
}

// What is checked is what is sent, so "none ticked" is never refused as a list of no tiers.
const checkSent = localizedSchemaResolver(createCampaignSchema);
const validate = (values: CampaignFormValues) => checkSent(asSent(values));

function toInput(values: CampaignFormValues) {
  return createCampaignSchema.parse(asSent(values));
}

type CampaignFormModalProps = {
  opened: boolean;
  /** The campaign to edit; none: a new one. */
  campaign: Campaign | null;
  onClose: () => void;
};

/**
 * Contract "bonus campaigns": add or edit a campaign (name, first and last day, multiplier, tiers). The form
 * checks with the API's own schema before sending; the server's refusals go under their inputs.
 */
export function CampaignFormModal({ opened, campaign, onClose }: CampaignFormModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={campaign ? t('campaigns.editTitle') : t('campaigns.addTitle')}
      busy={busy}
    >
      <CampaignForm key={campaign?._id ?? 'new'} campaign={campaign} onClose={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}

type CampaignFormProps = { campaign: Campaign | null; onClose: () => void; onBusyChange: (busy: boolean) => void };

function CampaignForm({ campaign, onClose, onBusyChange }: CampaignFormProps) {
  const t = useT();
  const today = kolkataDate(new Date());
  const form = useForm<CampaignFormValues>({
    initialValues: campaign
      ? {
          name: campaign.name,
          from: campaign.from,
          to: campaign.to,
          multiplier: campaign.multiplier,
          tiers: campaign.tiers ?? [],
        }
      : { name: '', from: today, to: today, multiplier: 2, tiers: [] },
    validate,
  });
  const { failure, showError, submit } = useDialogForm(form, t('campaigns.failed'));
  const onSuccess = (saved: Campaign) => {
    notifications.show({ color: 'green', message: t('campaigns.saved', { name: saved.name }) });
    onBusyChange(false);
    onClose();
  };
  const onError = (error: unknown) => {
    onBusyChange(false);
    showError(error);
  };
  const createMutation = useCreateCampaign({ mutationConfig: { onSuccess, onError } });
  const updateMutation = useUpdateCampaign({ mutationConfig: { onSuccess, onError } });
  const busy = createMutation.isPending || updateMutation.isPending;

  const save = submit(
    form.onSubmit((values) => {
      const input = toInput(values);
      onBusyChange(true);
      if (campaign) updateMutation.mutate({ id: campaign._id, input });
      else createMutation.mutate(input);
    }),
  );

  return (
    <DialogForm
      label={campaign ? t('campaigns.editTitle') : t('campaigns.addTitle')}
      onSubmit={save}
      busy={busy}
      failure={failure}
      onCancel={onClose}
      submitLabel={t('campaigns.save')}
    >
      <TextInput label={t('campaigns.name')} required data-autofocus maxLength={60} {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <TextInput label={t('campaigns.from')} type="date" required {...form.getInputProps('from')} />
        <TextInput label={t('campaigns.to')} type="date" required {...form.getInputProps('to')} />
      </Group>
      <NumberInput
        label={t('campaigns.multiplier')}
        description={t('campaigns.multiplierHelp')}
        required
        min={1.01}
        max={10}
        step={0.5}
        decimalScale={2}
        allowNegative={false}
        clampBehavior="none"
        maw={200}
        {...form.getInputProps('multiplier')}
      />
      <Checkbox.Group label={t('campaigns.tiers')} description={t('campaigns.tiersHelp')} {...form.getInputProps('tiers')}>
        <Group gap="md" mt={6}>
          {TIERS.map((tier) => (
            <Checkbox key={tier} value={tier} label={t(`tier.${tier}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </DialogForm>
  );
}
