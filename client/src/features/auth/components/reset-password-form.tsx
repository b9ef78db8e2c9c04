import { resetPasswordFormSchema, type SessionUser } from '@app/common';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { readSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

type ResetField = 'newPassword' | 'confirmPassword';
type ResetValues = Record<ResetField, string>;

type ResetPasswordFormProps = {
  /** Runs once the new password is saved and the session holds the new token. */
  onSuccess: (user: SessionUser) => void;
};

/** Spec §2 Reset password: new and confirm password, both required and equal (§5); 8–72 characters (contract). */
export function ResetPasswordForm({ onSuccess }: ResetPasswordFormProps) {
  const [values, setValues] = useState<ResetValues>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changePasswordMutation = useChangePassword({
    mutationConfig: { onSuccess: (response) => onSuccess(response.user) },
  });

  const change = (field: ResetField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    changePasswordMutation.reset();
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<ResetField>(parsed.error));
      return;
    }
    // Spec §8: without a stored token there is nothing to authorise the change with.
    if (!readSession()?.token) {
      console.error('No token found');
      setFormError('No token found');
      return;
    }
    changePasswordMutation.mutate({ newPassword: parsed.data.newPassword });
  };

  const failure = changePasswordMutation.isError
    ? // Spec §8: the server message, else 'Failed to reset password'.
      (serverMessage(changePasswordMutation.error) ?? 'Failed to reset password')
    : formError;

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          name="newPassword"
          description="8 to 72 characters"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={change('newPassword')}
          error={errors.newPassword}
        />
        <PasswordInput
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={changePasswordMutation.isPending} fullWidth>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
