import { resetPasswordFormSchema, type SessionUser } from '@app/common';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validate = schemaResolver(resetPasswordFormSchema, { sync: true });

type ResetPasswordFormProps = {
  /** Runs once the new password is saved and the session holds the new token. */
  onSuccess: (user: SessionUser) => void;
};

/** Spec §2 Reset password: new and confirm password, both required and equal (§5); 8–72 characters (contract). */
export function ResetPasswordForm({ onSuccess }: ResetPasswordFormProps) {
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate,
    // Runs only after validate passed with the same schema, so it cannot throw.
    transformValues: (values) => resetPasswordFormSchema.parse(values),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const changePasswordMutation = useChangePassword({
    mutationConfig: { onSuccess: (response) => onSuccess(response.user) },
  });

  const changePassword = form.onSubmit(({ newPassword }) => {
    // Spec §8: without a stored token there is nothing to authorise the change with.
    if (!readSession()?.token) {
      console.error('No token found');
      setFormError('No token found');
      return;
    }
    changePasswordMutation.mutate({ newPassword });
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A new attempt hides the last one's failure, whether or not this one passes the checks.
    setFormError(null);
    changePasswordMutation.reset();
    changePassword(event);
  };

  // Spec §8: the server message, else 'Failed to reset password'. These stay in the Alert (not under an
  // input), as the spec's catalogue shows them.
  const failure = changePasswordMutation.isError
    ? (serverMessage(changePasswordMutation.error) ?? 'Failed to reset password')
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
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={changePasswordMutation.isPending} fullWidth>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
