import type { User } from '@app/common';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../../lib/api-client';
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
  const blockMutation = useBlockUser({
    mutationConfig: {
      onSuccess: (updated) => {
        notifications.show({
          color: 'green',
          message: updated.blocked
            ? `${updated.username} is blocked and has been signed out`
            : `${updated.username} is unblocked and can sign in again`,
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
  const verb = block ? 'block' : 'unblock';
  return (
    <ConfirmModal
      opened={opened}
      title={block ? 'Block user' : 'Unblock user'}
      question={block ? 'Are you sure you want to block this user?' : 'Are you sure you want to unblock this user?'}
      confirmLabel={block ? 'Block' : 'Unblock'}
      confirmColor={block ? 'red' : 'blue'}
      loading={blockMutation.isPending}
      error={
        blockMutation.isError
          ? (serverMessage(blockMutation.error) ?? `Could not ${verb} the user. Please try again.`)
          : undefined
      }
      onConfirm={() => blockMutation.mutate({ userId: user._id, blocked: block })}
      onClose={close}
    >
      <UserSummary user={user} />
    </ConfirmModal>
  );
}
