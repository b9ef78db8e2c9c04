import { formatNumber, type Item } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/use-t';
import { useDeleteItem } from '../api/delete-item';

type DeleteItemModalProps = { opened: boolean; item: Item | null; onClose: () => void };

/**
 * Spec §2 Admin items, Delete, asked the way spec §5 asks its other confirmations. The item leaves the
 * catalogue; orders that hold it keep showing its name (contract "Items").
 */
export function DeleteItemModal({ opened, item, onClose }: DeleteItemModalProps) {
  const t = useT();
  const deleteMutation = useDeleteItem({
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('deleteItem.deleted'), message: item?.name });
        confirm.onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, t('deleteItem.failure'));
  return (
    <ConfirmModal
      opened={opened}
      title={t('deleteItem.title')}
      question={t('deleteItem.question')}
      confirmLabel={t('deleteItem.confirm')}
      {...confirm}
      onConfirm={() => item && deleteMutation.mutate(item._id)}
    >
      {item && (
        <Text size="sm">
          {/* The name is data (never translated) and bold, so it stands before the sentence, not inside it. */}
          <strong>{item.name}</strong> ·{' '}
          {t('deleteItem.summary', { points: formatNumber(item.pointsRequired), stock: formatNumber(item.stock) })}
        </Text>
      )}
    </ConfirmModal>
  );
}
