import { formatInr, formatNumber, pointsConversionSettingsSchema, tierBillingRequirementsSchema, TIERS } from '@app/common';
import { NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DataList } from '../../../components/ui/data-list';
import { EditInPlaceControls } from '../../../components/ui/edit-in-place-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { AMOUNT_INPUT_PROPS, localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { usePointsConversion } from '../api/get-points-conversion';
import { useSaveSystemSettings, useTierBillingRequirements, type SystemSettings } from '../api/save-system-settings';
import classes from './system-settings.module.css';

// The two settings' own schemas (common), checked together before either PUT is sent.
const systemSettingsSchema = pointsConversionSettingsSchema.extend({ tierBillingRequirements: tierBillingRequirementsSchema });
const validate = localizedSchemaResolver(systemSettingsSchema);

/**
 * Spec §2 Superadmin system: the points conversion value, and per tier the points conversion (₹ of billing
 * per point; 0 earns nothing) and the billing requirement (₹ per quarter), with Edit, Save and Cancel.
 */
export function SystemSettingsPanel() {
  const t = useT();
  const rates = usePointsConversion();
  const requirements = useTierBillingRequirements();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SystemSettings>({ validate });
  const saveMutation = useSaveSystemSettings({
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('systemSettings.saved') });
        setEditing(false);
      },
      onError: (error) => {
        // The server's messages by field, each under its own input (tierBillingRequirements.Gold…).
        const messages = isApiError(error) ? error.fieldErrors : {};
        const fields = [
          'pointsConversion',
          ...TIERS.flatMap((tier) => [`tierPointsConversion.${tier}`, `tierBillingRequirements.${tier}`]),
        ];
        const placed = Object.fromEntries(fields.flatMap((field) => (messages[field] ? [[field, messages[field]]] : [])));
        if (Object.keys(placed).length > 0) form.setErrors(placed);
        else setFailure(serverMessage(error) ?? t('systemSettings.failed'));
      },
    },
  });

  if (rates.isPending || requirements.isPending) return <PageLoader />;
  if (rates.isError || requirements.isError) {
    return (
      <LoadError
        title={t('systemSettings.loadError')}
        error={rates.isError ? rates.error : requirements.error}
        onRetry={() => void Promise.all([rates.refetch(), requirements.refetch()])}
        retrying={rates.isFetching || requirements.isFetching}
      />
    );
  }
  const current: SystemSettings = { ...rates.data, ...requirements.data };

  const startEditing = () => {
    form.setValues(current);
    form.clearErrors();
    setFailure(null);
    setEditing(true);
  };
  const save = form.onSubmit((values) => {
    setFailure(null);
    saveMutation.mutate(systemSettingsSchema.parse(values));
  });
  const numberProps = (path: string, label: string) => ({
    'aria-label': label,
    ...AMOUNT_INPUT_PROPS,
    size: 'xs' as const,
    ...form.getInputProps(path),
  });

  return (
    <form onSubmit={save} noValidate aria-label={t('systemSettings.form')}>
      <Stack gap="md">
        {editing ? (
          <NumberInput
            label={t('systemSettings.pointsConversion')}
            description={t('systemSettings.pointsConversionHelp')}
            maw={420}
            {...numberProps('pointsConversion', t('systemSettings.pointsConversion'))}
          />
        ) : (
          <Stack gap={2}>
            {/* A label and its value, not a sentence: the same order reads in Hindi. */}
            <Text>
              {t('systemSettings.pointsConversionIs')} <strong>{formatNumber(current.pointsConversion)}</strong>
            </Text>
            <Text size="sm" c="dimmed">
              {t('systemSettings.pointsConversionHelp')}
            </Text>
          </Stack>
        )}
        <Stack gap="xs">
          {/* What the two columns mean, above the table: a phone's card shows only their short names. */}
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('systemSettings.rateHelp')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('systemSettings.requirementHelp')}
            </Text>
          </Stack>
          {/* On a phone each tier is a card; while editing, each input goes under its words (the stylesheet). */}
          <div className={editing ? classes.editing : undefined}>
            <DataList
              label={t('systemSettings.tiers')}
              rows={TIERS}
              rowKey={(tier) => tier}
              columns={[
                { label: t('systemSettings.tier'), cell: (tier) => t(`tier.${tier}`) },
                {
                  label: t('systemSettings.rateColumn'),
                  // Right-aligned on one line as a number, but not an input, whose error must wrap.
                  number: !editing,
                  cell: (tier) =>
                    editing ? (
                      <NumberInput
                        {...numberProps(`tierPointsConversion.${tier}`, t('systemSettings.rateFor', { tier: t(`tier.${tier}`) }))}
                      />
                    ) : current.tierPointsConversion[tier] > 0 ? (
                      formatInr(current.tierPointsConversion[tier])
                    ) : (
                      t('systemSettings.noPoints')
                    ),
                },
                {
                  label: t('systemSettings.requirementColumn'),
                  number: !editing,
                  cell: (tier) =>
                    editing ? (
                      <NumberInput
                        {...numberProps(
                          `tierBillingRequirements.${tier}`,
                          t('systemSettings.requirementFor', { tier: t(`tier.${tier}`) }),
                        )}
                      />
                    ) : (
                      formatInr(current.tierBillingRequirements[tier])
                    ),
                },
              ]}
            />
          </div>
        </Stack>
        <EditInPlaceControls
          editing={editing}
          saving={saveMutation.isPending}
          failure={failure}
          onEdit={startEditing}
          onCancel={() => setEditing(false)}
          editLabel={t('systemSettings.edit')}
          saveLabel={t('systemSettings.save')}
          cancelLabel={t('systemSettings.cancel')}
        />
      </Stack>
    </form>
  );
}
