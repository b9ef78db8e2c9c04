import { resetOwnPasswordFormSchema, resetPasswordFormSchema, type ChangePasswordInput, type SessionUser } from '@app/common';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { localizedSchemaResolver } from '../../../lib/forms';
import { localizeMessage } from '../../../lib/i18n/language';
import { useT } from '../../../lib/i18n/use-t';
import { readSession } from '../../../lib/session';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useChangePassword } from '../api/change-password';

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validateForcedChange = localizedSchemaResolver(resetPasswordFormSchema);
const validateOwnChange = localizedSchemaResolver(resetOwnPasswordFormSchema);

type ResetPasswordValues = { currentPassword?: string; newPassword: string; confirmPassword: string };

type ResetPasswordFormProps = {
  /**
   * Contract (change-password): a user who chose their own password must give it; one changing a password
   * someone else chose sees the spec's screen (new and confirm only). Read once, when the form appears.
   */
  askCurrentPassword: boolean;
  /** Runs once the new password is saved and the session holds the new token. */
  onSuccess: (user: SessionUser) => void;
};

/** Spec §2 Reset password: new and confirm password, both required and equal (§5); 8–72 characters (contract). */
export function ResetPasswordForm({ askCurrentPassword, onSuccess }: ResetPasswordFormProps) {
  const t = useT();
  // Kept as it was when the form appeared: a success stores isPasswordReset true before the screen leaves.
  const [withCurrentPassword] = useState(askCurrentPassword);
  // Only the fields on screen are values, so a server problem about another one goes to the Alert.
  const initialValues: ResetPasswordValues = withCurrentPassword
    ? { currentPassword: '', newPassword: '', confirmPassword: '' }
    : { newPassword: '', confirmPassword: '' };
  const form = useForm({
    initialValues,
    validate: withCurrentPassword ? validateOwnChange : validateForcedChange,
    // Runs only after validate passed with the same schema, so it cannot throw.
    transformValues: (values): ChangePasswordInput => {
      if (!withCurrentPassword) return { newPassword: resetPasswordFormSchema.parse(values).newPassword };
      const { currentPassword, newPassword } = resetOwnPasswordFormSchema.parse(values);
      return { currentPassword, newPassword };
    },
  });
  const { failure, showError, fail, submit } = useDialogForm(form, t('resetPassword.failed'));
  // The shared schemas say what is wrong in English; the reader sees it in their language.
  const inputProps = (field: keyof ResetPasswordValues) => {
    const props = form.getInputProps(field);
    const error = props.error as ReactNode;
    return { ...props, error: typeof error === 'string' ? localizeMessage(error) : error };
  };
  const changePasswordMutation = useChangePassword({
    mutationConfig: {
      onSuccess: (response) => onSuccess(response.user),
      onError: (error) => {
        // A wrong current password, a common or reused new one: under the input concerned. Anything else,
        // spec §8: the server message, else 'Failed to reset password', in the Alert.
        showError(error);
      },
    },
  });

  const changePassword = form.onSubmit((input) => {
    // Spec §8: without a stored token there is nothing to authorise the change with.
    if (!readSession()?.token) {
      console.error('No token found');
      fail(t('resetPassword.noToken'));
      return;
    }
    changePasswordMutation.mutate(input);
  });

  const save = submit((event) => {
    changePasswordMutation.reset();
    changePassword(event);
  });

  return (
    <form onSubmit={save} noValidate aria-label={t('resetPassword.formLabel')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        {withCurrentPassword && (
          <PasswordInput
            label={t('resetPassword.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            required
            {...inputProps('currentPassword')}
          />
        )}
        <PasswordInput
          label={t('resetPassword.newPassword')}
          name="newPassword"
          description={t('resetPassword.newPasswordHint')}
          autoComplete="new-password"
          required
          {...inputProps('newPassword')}
        />
        <PasswordInput
          label={t('resetPassword.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          {...inputProps('confirmPassword')}
        />
        <Button type="submit" loading={changePasswordMutation.isPending} fullWidth>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
