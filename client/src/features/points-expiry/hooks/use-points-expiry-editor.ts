import { formatNumber, formatPoints, pointsExpirySettingsSchema, type PointsExpirySettings } from '@app/common';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/use-t';
import { useEditInPlace } from '../../../lib/use-edit-in-place';
import { useRunPointsExpiry, useSavePointsExpiry } from '../api/points-expiry';

/** A refused month count goes under the field. */
const FIELDS = ['months'];

/**
 * The points expiry panel's edit in place (Edit, Save, Cancel; a refused month count under the field, any other
 * failure beside the buttons) and its run now behind a confirmation. Held by the panel, so a failed refresh of
 * the setting does not forget what was being typed.
 */
export function usePointsExpiryEditor() {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const editor = useEditInPlace<PointsExpirySettings>({
    schema: pointsExpirySettingsSchema,
    fields: FIELDS,
    savedMessage: t('pointsExpiry.saved'),
    failedMessage: t('pointsExpiry.failed'),
  });
  const saveMutation = useSavePointsExpiry({ mutationConfig: editor.mutationConfig });
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
    form: editor.form,
    editing: editor.editing,
    failure: editor.failure,
    saving: saveMutation.isPending,
    /** Edit: the field starts from the saved months. */
    edit: (months: number) => editor.startEditing({ months }),
    cancel: editor.cancel,
    save: editor.submitTo(saveMutation),
    confirming,
    askToRun: () => setConfirming(true),
    /** The confirmation's props: waiting, why the run failed, and a close that forgets that attempt. */
    runConfirm: {
      ...mutationConfirmProps(runMutation, () => setConfirming(false), t('pointsExpiry.runFailed')),
      onConfirm: () => runMutation.mutate(),
    },
  };
}
