import type { User } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useT } from '../../../lib/i18n/use-t';
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
  const t = useT();
  const deleteMutation = useDeleteUser({
    mutationConfig: {
      onSuccess: () => {
        if (user) notifications.show({ color: 'green', message: t('deleteUser.deleted', { username: user.username }) });
        onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, t('deleteUser.failed'));
  if (!user) return null;

  return (
    <ConfirmModal
      opened={opened}
      title={t('deleteUser.title')}
      question={t('deleteUser.question')}
      confirmLabel={t('deleteUser.confirm')}
      {...confirm}
      onConfirm={() => deleteMutation.mutate(user._id)}
    >
      <UserSummary user={user} />
      <Text size="sm" c="dimmed">
        {t('deleteUser.kept')}
      </Text>
    </ConfirmModal>
  );
}
