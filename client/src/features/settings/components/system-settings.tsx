import { formatInr, formatNumber, TIERS } from '@app/common';
import { NumberInput, Stack, Text } from '@mantine/core';
import { DataList } from '../../../components/ui/data-list';
import { EditInPlaceControls } from '../../../components/ui/edit-in-place-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { usePointsConversion } from '../api/get-points-conversion';
import { useTierBillingRequirements, type SystemSettings } from '../api/save-system-settings';
import { useSystemSettingsEditor } from '../hooks/use-system-settings-editor';
import classes from './system-settings.module.css';

type Editor = ReturnType<typeof useSystemSettingsEditor>;

/** The points conversion value: an input while editing, else the value with what it means. */
function PointsConversionField({ editor, current }: { editor: Editor; current: SystemSettings }) {
  const t = useT();
  if (editor.editing)
    return (
      <NumberInput
        label={t('systemSettings.pointsConversion')}
        description={t('systemSettings.pointsConversionHelp')}
        maw={420}
        {...editor.numberProps('pointsConversion', t('systemSettings.pointsConversion'))}
      />
    );
  return (
    <Stack gap={2}>
      {/* A label and its value, not a sentence: the same order reads in Hindi. */}
      <Text>
        {t('systemSettings.pointsConversionIs')} <strong>{formatNumber(current.pointsConversion)}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        {t('systemSettings.pointsConversionHelp')}
      </Text>
    </Stack>
  );
}

/** Per tier, its points conversion and billing requirement: inputs while editing, else the values. */
function TierSettingsTable({ editor, current }: { editor: Editor; current: SystemSettings }) {
  const t = useT();
  const { editing, numberProps } = editor;
  return (
    /* On a phone each tier is a card; while editing, each input goes under its words (the stylesheet). */
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
  );
}

/**
 * Spec §2 Superadmin system: the points conversion value, and per tier the points conversion (₹ of billing
 * per point; 0 earns nothing) and the billing requirement (₹ per quarter), with Edit, Save and Cancel.
 */
export function SystemSettingsPanel() {
  const t = useT();
  const rates = usePointsConversion();
  const requirements = useTierBillingRequirements();
  const editor = useSystemSettingsEditor();

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

  return (
    <form onSubmit={editor.save} noValidate aria-label={t('systemSettings.form')}>
      <Stack gap="md">
        <PointsConversionField editor={editor} current={current} />
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
          <TierSettingsTable editor={editor} current={current} />
        </Stack>
        <EditInPlaceControls
          editing={editor.editing}
          saving={editor.saving}
          failure={editor.failure}
          onEdit={() => editor.startEditing(current)}
          onCancel={editor.cancel}
          editLabel={t('systemSettings.edit')}
          saveLabel={t('systemSettings.save')}
          cancelLabel={t('systemSettings.cancel')}
        />
      </Stack>
    </form>
  );
}
