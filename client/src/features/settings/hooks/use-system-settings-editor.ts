import { pointsConversionSettingsSchema, tierBillingRequirementsSchema, TIERS } from '@app/common';
import { AMOUNT_INPUT_PROPS } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useEditInPlace } from '../../../lib/use-edit-in-place';
import { useSaveSystemSettings, type SystemSettings } from '../api/save-system-settings';

// The two settings' own schemas (common), checked together before either PUT is sent.
const systemSettingsSchema = pointsConversionSettingsSchema.extend({ tierBillingRequirements: tierBillingRequirementsSchema });

/** The inputs a refused value can go under: the value, and each tier's rate and requirement. */
const FIELDS = [
  'pointsConversion',
  ...TIERS.flatMap((tier) => [`tierPointsConversion.${tier}`, `tierBillingRequirements.${tier}`]),
];

/**
 * The system settings panel's edit in place (Edit, Save, Cancel; a refused value under its own input, any
 * other failure beside the buttons). Held by the panel, above its loading and error states.
 */
export function useSystemSettingsEditor() {
  const t = useT();
  const editor = useEditInPlace<SystemSettings>({
    schema: systemSettingsSchema,
    fields: FIELDS,
    savedMessage: t('systemSettings.saved'),
    failedMessage: t('systemSettings.failed'),
  });
  const saveMutation = useSaveSystemSettings({ mutationConfig: editor.mutationConfig });

  return {
    editing: editor.editing,
    failure: editor.failure,
    saving: saveMutation.isPending,
    /** Edit: the inputs start from the saved settings. */
    startEditing: editor.startEditing,
    cancel: editor.cancel,
    save: editor.submitTo(saveMutation),
    /** One number input's props, named by `label` (the table's inputs have no visible label of their own). */
    numberProps: (path: string, label: string) => ({
      'aria-label': label,
      ...AMOUNT_INPUT_PROPS,
      size: 'xs' as const,
      ...editor.form.getInputProps(path),
    }),
  };
}
