import { resetUserPasswordSchema, type User } from '@app/common';
import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useResetUserPassword } from '../api/reset-user-password';
import { UserSummary } from './user-summary';

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validate = localizedSchemaResolver(resetUserPasswordSchema);

type ResetUserPasswordModalProps = {
  opened: boolean;
  /** Kept after closing so the dialog does not empty while it fades out. */
  user: User | null;
  onClose: () => void;
};

/**
 * Spec §5 Confirmations: password reset, with the new password (8–72 characters, contract "Users"). The
 * user must then choose their own password at the next sign-in (contract "Run and configure").
 */
export function ResetUserPasswordModal({ opened, user, onClose }: ResetUserPasswordModalProps) {
  const t = useT();
  // The modal stays mounted between users, so close() empties the form for the next one.
  const form = useForm({
    initialValues: { newPassword: '' },
    validate,
    // Runs only after validate passed with the same schema, so it cannot throw.
    transformValues: (values) => resetUserPasswordSchema.parse(values),
  });
  const { failure, showError, clearFailure, submit } = useDialogForm(form, t('resetUserPassword.failed'));
  const resetMutation = useResetUserPassword({
    mutationConfig: {
      onSuccess: ({ user: updated }) => {
        notifications.show({
          color: 'green',
          title: t('resetUserPassword.doneTitle', { username: updated.username }),
          message: t('resetUserPassword.doneMessage'),
        });
        close();
      },
      onError: (error) => showError(error),
    },
  });

  function close() {
    form.reset();
    clearFailure();
    resetMutation.reset();
    onClose();
  }

  const resetPassword = form.onSubmit(({ newPassword }) => {
    if (user) resetMutation.mutate({ userId: user._id, newPassword });
  });
  const save = submit((event) => {
    resetMutation.reset();
    resetPassword(event);
  });

  const busy = resetMutation.isPending;

  return (
    <FormDialog opened={opened} onClose={close} title={t('resetUserPassword.title')} busy={busy}>
      {user && (
        <DialogForm
          label={t('resetUserPassword.formLabel', { username: user.username })}
          onSubmit={save}
          busy={busy}
          failure={failure}
          onCancel={close}
          submitLabel={t('resetUserPassword.title')}
          submitColor="red"
        >
          <Text>{t('resetUserPassword.question')}</Text>
          <UserSummary user={user} />
          <PasswordInput
            label={t('resetUserPassword.newPassword')}
            description={t('resetUserPassword.hint')}
            autoComplete="new-password"
            required
            data-autofocus
            {...form.getInputProps('newPassword')}
          />
        </DialogForm>
      )}
    </FormDialog>
  );
}
