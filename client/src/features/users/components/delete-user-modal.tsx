import type { User } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { UserSummary } from './user-summary';

type DeleteUserModalProps = {
  opened: boolean;
  /** Kept after closing so the dialog does not empty while it fades out. */
  user: User | null;
  onClose: () => void;
};

/** Spec §5 Confirmations: user delete. Their bills, orders and ledger stay for audit (contract "Users"). */
export function DeleteUserModal({ opened, user, onClose }: DeleteUserModalProps) {
  const deleteMutation = useDeleteUser({
    mutationConfig: {
      onSuccess: () => {
        if (user) notifications.show({ color: 'green', message: `${user.username} has been deleted` });
        onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, 'Could not delete the user. Please try again.');
  if (!user) return null;

  return (
    <ConfirmModal
      opened={opened}
      title="Delete user"
      question="Are you sure you want to delete this user?"
      confirmLabel="Delete"
      {...confirm}
      onConfirm={() => deleteMutation.mutate(user._id)}
    >
      <UserSummary user={user} />
      <Text size="sm" c="dimmed">
        They can no longer sign in. Their bills and orders are kept.
      </Text>
    </ConfirmModal>
  );
}
