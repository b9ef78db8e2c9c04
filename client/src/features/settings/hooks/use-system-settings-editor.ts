import { pointsConversionSettingsSchema, tierBillingRequirementsSchema, TIERS } from '@app/common';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { AMOUNT_INPUT_PROPS, localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useSaveSystemSettings, type SystemSettings } from '../api/save-system-settings';

// The two settings' own schemas (common), checked together before either PUT is sent.
const systemSettingsSchema = pointsConversionSettingsSchema.extend({ tierBillingRequirements: tierBillingRequirementsSchema });
const validate = localizedSchemaResolver(systemSettingsSchema);

/**
 * The system settings panel's edit in place (Edit, Save, Cancel; a refused value under its own input, any
 * other failure beside the buttons). Held by the panel, above its loading and error states.
 */
export function useSystemSettingsEditor() {
  const t = useT();
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

  return {
    editing,
    failure,
    saving: saveMutation.isPending,
    /** Edit: the inputs start from the saved settings. */
    startEditing: (current: SystemSettings) => {
      form.setValues(current);
      form.clearErrors();
      setFailure(null);
      setEditing(true);
    },
    cancel: () => setEditing(false),
    save: form.onSubmit((values) => {
      setFailure(null);
      saveMutation.mutate(systemSettingsSchema.parse(values));
    }),
    /** One number input's props, named by `label` (the table's inputs have no visible label of their own). */
    numberProps: (path: string, label: string) => ({
      'aria-label': label,
      ...AMOUNT_INPUT_PROPS,
      size: 'xs' as const,
      ...form.getInputProps(path),
    }),
  };
}
