import { formatNumber } from '@app/common';
import { Button, NumberInput, Stack, Text, Title } from '@mantine/core';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EditInPlaceControls } from '../../../components/ui/edit-in-place-controls';
import { QueryStates } from '../../../components/ui/query-states';
import { useT } from '../../../lib/i18n/use-t';
import { usePointsExpiry } from '../api/points-expiry';
import { usePointsExpiryEditor } from '../hooks/use-points-expiry-editor';

/**
 * Contract "points expiry" on /superadmin-system: after how many months points expire (0: never), with Edit, Save
 * and Cancel, and a run of the expiry now (after a confirmation; it also runs daily by itself).
 */
export function PointsExpiryPanel() {
  const t = useT();
  const setting = usePointsExpiry();
  const editor = usePointsExpiryEditor();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('pointsExpiry.heading')}
      </Title>
      {/* What the number means, whether it is being read or changed. */}
      <Text size="sm" c="dimmed">
        {t('pointsExpiry.help')}
      </Text>
      <QueryStates query={setting} loadErrorTitle={t('pointsExpiry.loadError')}>
        {({ months }) => <PointsExpiryForm months={months} editor={editor} />}
      </QueryStates>
    </Stack>
  );
}

type PointsExpiryFormProps = { months: number; editor: ReturnType<typeof usePointsExpiryEditor> };

/** The saved months (or the field while editing), the buttons, and the run's confirmation. */
function PointsExpiryForm({ months, editor }: PointsExpiryFormProps) {
  const t = useT();
  return (
    <form onSubmit={editor.save} noValidate aria-label={t('pointsExpiry.form')}>
      <Stack gap="sm">
        {editor.editing ? (
          <NumberInput
            label={t('pointsExpiry.months')}
            description={t('pointsExpiry.monthsHelp')}
            min={0}
            max={120}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            // The form checks the range and says so; a number clamped on blur would be saved unseen.
            clampBehavior="none"
            maw={320}
            {...editor.form.getInputProps('months')}
          />
        ) : (
          <Text>
            {months === 0 ? t('pointsExpiry.never') : t('pointsExpiry.after', { n: months, months: formatNumber(months) })}
          </Text>
        )}
        <EditInPlaceControls
          editing={editor.editing}
          saving={editor.saving}
          failure={editor.failure}
          onEdit={() => editor.edit(months)}
          onCancel={editor.cancel}
          editLabel={t('pointsExpiry.edit')}
          saveLabel={t('pointsExpiry.save')}
          cancelLabel={t('pointsExpiry.cancel')}
        >
          <Button variant="default" onClick={editor.askToRun}>
            {t('pointsExpiry.run')}
          </Button>
        </EditInPlaceControls>
        <ConfirmModal
          opened={editor.confirming}
          title={t('pointsExpiry.run')}
          question={t('pointsExpiry.question')}
          confirmLabel={t('pointsExpiry.confirm')}
          confirmColor="blue"
          {...editor.runConfirm}
        />
      </Stack>
    </form>
  );
}
