import { formatNumber, type Item } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useDeleteItem } from '../api/delete-item';

type DeleteItemModalProps = { opened: boolean; item: Item | null; onClose: () => void };

/**
 * Spec §2 Admin items, Delete, asked the way spec §5 asks its other confirmations. The item leaves the
 * catalogue; orders that hold it keep showing its name (contract "Items").
 */
export function DeleteItemModal({ opened, item, onClose }: DeleteItemModalProps) {
  const deleteMutation = useDeleteItem({
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', title: 'Item deleted', message: item?.name });
        confirm.onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, 'Could not delete the item. Please try again.');
  return (
    <ConfirmModal
      opened={opened}
      title="Delete item"
      question="Are you sure you want to delete this item?"
      confirmLabel="Delete"
      {...confirm}
      onConfirm={() => item && deleteMutation.mutate(item._id)}
    >
      {item && (
        <Text size="sm">
          <strong>{item.name}</strong> · {formatNumber(item.pointsRequired)} points · {formatNumber(item.stock)} in stock. It
          leaves the shop at once; orders that hold it keep its name.
        </Text>
      )}
    </ConfirmModal>
  );
}
