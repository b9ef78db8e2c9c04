import { formatNumber, formatPoints, pointsExpirySettingsSchema, type PointsExpirySettings } from '@app/common';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useRunPointsExpiry, useSavePointsExpiry } from '../api/points-expiry';

const validate = localizedSchemaResolver(pointsExpirySettingsSchema);

/**
 * The points expiry panel's edit in place (Edit, Save, Cancel; a refused month count under the field, any other
 * failure beside the buttons) and its run now behind a confirmation. Held by the panel, so a failed refresh of
 * the setting does not forget what was being typed.
 */
export function usePointsExpiryEditor() {
  const t = useT();
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

  return {
    form,
    editing,
    failure,
    saving: saveMutation.isPending,
    /** Edit: the field starts from the saved months. */
    edit: (months: number) => {
      form.setValues({ months });
      form.clearErrors();
      setFailure(null);
      setEditing(true);
    },
    cancel: () => setEditing(false),
    save: form.onSubmit((values) => {
      setFailure(null);
      saveMutation.mutate(pointsExpirySettingsSchema.parse(values));
    }),
    confirming,
    askToRun: () => setConfirming(true),
    /** The confirmation's props: waiting, why the run failed, and a close that forgets that attempt. */
    runConfirm: {
      ...mutationConfirmProps(runMutation, () => setConfirming(false), t('pointsExpiry.runFailed')),
      onConfirm: () => runMutation.mutate(),
    },
  };
}
