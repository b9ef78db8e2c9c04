import { formatNumber, formatPoints, pointsExpirySettingsSchema, type PointsExpirySettings } from '@app/common';
import { Button, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EditInPlaceControls } from '../../../components/ui/edit-in-place-controls';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { usePointsExpiry, useRunPointsExpiry, useSavePointsExpiry } from '../api/points-expiry';

const validate = localizedSchemaResolver(pointsExpirySettingsSchema);

/**
 * Contract "points expiry" on /superadmin-system: after how many months points expire (0: never), with Edit, Save
 * and Cancel, and a run of the expiry now (after a confirmation; it also runs daily by itself).
 */
export function PointsExpiryPanel() {
  const t = useT();
  const setting = usePointsExpiry();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<PointsExpirySettings>({ validate });
  const saveMutation = useSavePointsExpiry({
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('pointsExpiry.saved') });
        setEditing(false);
      },
      onError: (error) => {
        const message = isApiError(error) ? error.fieldErrors.months : undefined;
        if (message) form.setErrors({ months: message });
        else setFailure(serverMessage(error) ?? t('pointsExpiry.failed'));
      },
    },
  });
  const runMutation = useRunPointsExpiry({
    mutationConfig: {
      onSuccess: ({ customers, points }) => {
        notifications.show({
          color: 'green',
          title: t('pointsExpiry.ranTitle'),
          message: t('pointsExpiry.ran', { n: customers, customers: formatNumber(customers), points: formatPoints(points) }),
        });
        setConfirming(false);
      },
    },
  });

  let body;
  if (setting.isPending) body = <PageLoader />;
  else if (setting.isError)
    body = (
      <LoadError
        title={t('pointsExpiry.loadError')}
        error={setting.error}
        onRetry={() => void setting.refetch()}
        retrying={setting.isFetching}
      />
    );
  else {
    const { months } = setting.data;
    const save = form.onSubmit((values) => {
      setFailure(null);
      saveMutation.mutate(pointsExpirySettingsSchema.parse(values));
    });
    body = (
      <form onSubmit={save} noValidate aria-label={t('pointsExpiry.form')}>
        <Stack gap="sm">
          {editing ? (
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
              {...form.getInputProps('months')}
            />
          ) : (
            <Text>
              {months === 0 ? t('pointsExpiry.never') : t('pointsExpiry.after', { n: months, months: formatNumber(months) })}
            </Text>
          )}
          <EditInPlaceControls
            editing={editing}
            saving={saveMutation.isPending}
            failure={failure}
            onEdit={() => {
              form.setValues({ months });
              form.clearErrors();
              setFailure(null);
              setEditing(true);
            }}
            onCancel={() => setEditing(false)}
            editLabel={t('pointsExpiry.edit')}
            saveLabel={t('pointsExpiry.save')}
            cancelLabel={t('pointsExpiry.cancel')}
          >
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t('pointsExpiry.run')}
            </Button>
          </EditInPlaceControls>
          <ConfirmModal
            opened={confirming}
            title={t('pointsExpiry.run')}
            question={t('pointsExpiry.question')}
            confirmLabel={t('pointsExpiry.confirm')}
            confirmColor="blue"
            loading={runMutation.isPending}
            error={runMutation.isError ? (serverMessage(runMutation.error) ?? t('pointsExpiry.runFailed')) : undefined}
            onConfirm={() => runMutation.mutate()}
            onClose={() => {
              runMutation.reset();
              setConfirming(false);
            }}
          />
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('pointsExpiry.heading')}
      </Title>
      {/* What the number means, whether it is being read or changed. */}
      <Text size="sm" c="dimmed">
        {t('pointsExpiry.help')}
      </Text>
      {body}
    </Stack>
  );
}
