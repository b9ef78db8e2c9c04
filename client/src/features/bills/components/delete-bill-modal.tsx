import { formatInr, formatPoints, type Bill } from '@app/common';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/use-t';
import { useDeleteBill } from '../api/change-bill';

type DeleteBillModalProps = { opened: boolean; bill: Bill | null; onClose: () => void };

/** Spec §5 Confirmations: 'Are you sure you want to delete this bill?' The bill's points are taken back. */
export function DeleteBillModal({ opened, bill, onClose }: DeleteBillModalProps) {
  const t = useT();
  const deleteMutation = useDeleteBill({
    mutationConfig: {
      onSuccess: (deleted) => {
        notifications.show({
          color: deleted.negativeBalance ? 'yellow' : 'green',
          title: t('deleteBill.deletedTitle', { billNumber: deleted.billNumber }),
          message: deleted.negativeBalance
            ? t('deleteBill.takenBackNegative', {
                points: formatPoints(deleted.points),
                username: deleted.userId.username,
                available: formatPoints(deleted.customerPoints.availablePoints),
              })
            : t('deleteBill.takenBack', { points: formatPoints(deleted.points), username: deleted.userId.username }),
          autoClose: deleted.negativeBalance ? false : undefined,
        });
        confirm.onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, t('deleteBill.failed'));
  return (
    <ConfirmModal
      opened={opened}
      title={t('deleteBill.title')}
      question={t('deleteBill.question')}
      confirmLabel={t('deleteBill.confirm')}
      {...confirm}
      onConfirm={() => bill && deleteMutation.mutate(bill._id)}
    >
      {bill && (
        <Text size="sm">
          {t('deleteBill.summary', {
            billNumber: bill.billNumber,
            username: bill.userId.username,
            amount: formatInr(bill.billAmount),
            points: formatPoints(bill.points),
          })}
        </Text>
      )}
    </ConfirmModal>
  );
}
