import type { User } from '@app/common';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useBlockUser } from '../api/block-user';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { UserSummary } from './user-summary';

type BlockUserModalProps = {
  opened: boolean;
  /** Kept after closing so the dialog does not empty while it fades out. */
  user: User | null;
  onClose: () => void;
};

/** Spec §4 Blocked flag: toggled after confirmation; the request sends the opposite of the current value. */
export function BlockUserModal({ opened, user, onClose }: BlockUserModalProps) {
  const t = useT();
  const blockMutation = useBlockUser({
    mutationConfig: {
      onSuccess: (updated) => {
        notifications.show({
          color: 'green',
          message: t(updated.blocked ? 'blockUser.blocked' : 'blockUser.unblocked', { username: updated.username }),
        });
        onClose();
      },
    },
  });
  const close = () => {
    blockMutation.reset();
    onClose();
  };
  if (!user) return null;

  const block = !user.blocked;
  return (
    <ConfirmModal
      opened={opened}
      title={t(block ? 'blockUser.blockTitle' : 'blockUser.unblockTitle')}
      question={t(block ? 'blockUser.blockQuestion' : 'blockUser.unblockQuestion')}
      confirmLabel={t(block ? 'blockUser.block' : 'blockUser.unblock')}
      confirmColor={block ? 'red' : 'blue'}
      loading={blockMutation.isPending}
      error={
        blockMutation.isError
          ? (serverMessage(blockMutation.error) ?? t(block ? 'blockUser.blockFailed' : 'blockUser.unblockFailed'))
          : undefined
      }
      onConfirm={() => blockMutation.mutate({ userId: user._id, blocked: block })}
      onClose={close}
    >
      <UserSummary user={user} />
    </ConfirmModal>
  );
}
