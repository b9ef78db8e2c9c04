import { resetUserPasswordSchema, type User } from '@app/common';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { detailFieldErrors } from '../../../lib/detail-field-errors';
import { fieldErrors } from '../../../lib/form-errors';
import { useResetUserPassword } from '../api/reset-user-password';
import { UserSummary } from './user-summary';

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
  const [newPassword, setNewPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const resetMutation = useResetUserPassword({
    mutationConfig: {
      onSuccess: ({ user: updated }) => {
        notifications.show({
          color: 'green',
          title: `Password reset for ${updated.username}`,
          message: 'They must choose a new password at their next sign-in.',
        });
        close();
      },
      onError: (error) => {
        const fromServer = detailFieldErrors<'newPassword'>(isApiError(error) ? error.details : undefined);
        if (fromServer.newPassword) setFieldError(fromServer.newPassword);
      },
    },
  });

  function close() {
    setNewPassword('');
    setFieldError(undefined);
    resetMutation.reset();
    onClose();
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    resetMutation.reset();
    const parsed = resetUserPasswordSchema.safeParse({ newPassword });
    if (!parsed.success) {
      setFieldError(fieldErrors<'newPassword'>(parsed.error).newPassword);
      return;
    }
    resetMutation.mutate({ userId: user._id, newPassword: parsed.data.newPassword });
  };

  const failure =
    resetMutation.isError && !fieldError
      ? (serverMessage(resetMutation.error) ?? 'Could not reset the password. Please try again.')
      : undefined;
  const busy = resetMutation.isPending;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Reset password"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {user && (
        <form onSubmit={submit} noValidate aria-label={`Reset password for ${user.username}`}>
          <Stack gap="md">
            <Text>Are you sure you want to reset the password for this user?</Text>
            <UserSummary user={user} />
            <PasswordInput
              label="New password"
              description="8 to 72 characters. Tell the user; they choose their own at the next sign-in."
              autoComplete="new-password"
              required
              data-autofocus
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.currentTarget.value);
                setFieldError(undefined);
              }}
              error={fieldError}
            />
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={busy}>
                Reset password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
