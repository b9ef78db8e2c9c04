import { formatInr, formatPoints, type Bill } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useDeleteBill } from '../api/change-bill';

type DeleteBillModalProps = { opened: boolean; bill: Bill | null; onClose: () => void };

/** Spec §5 Confirmations: 'Are you sure you want to delete this bill?' The bill's points are taken back. */
export function DeleteBillModal({ opened, bill, onClose }: DeleteBillModalProps) {
  const deleteMutation = useDeleteBill({
    mutationConfig: {
      onSuccess: (deleted) => {
        notifications.show({
          color: deleted.negativeBalance ? 'yellow' : 'green',
          title: `Bill ${deleted.billNumber} deleted`,
          message: `${formatPoints(deleted.points)} points taken back from ${deleted.userId.username}${
            deleted.negativeBalance ? `, who now has ${formatPoints(deleted.customerPoints.availablePoints)}: below zero` : ''
          }.`,
          autoClose: deleted.negativeBalance ? false : undefined,
        });
        confirm.onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, 'Could not delete the bill. Please try again.');
  return (
    <ConfirmModal
      opened={opened}
      title="Delete bill"
      question="Are you sure you want to delete this bill?"
      confirmLabel="Delete"
      {...confirm}
      onConfirm={() => bill && deleteMutation.mutate(bill._id)}
    >
      {bill && (
        <Text size="sm">
          {bill.billNumber} · {bill.userId.username} · {formatInr(bill.billAmount)} · {formatPoints(bill.points)} points
        </Text>
      )}
    </ConfirmModal>
  );
}
