import { formatPoints, ORDER_STATUSES, type Order, type OrderStatus } from '@app/common';
import { NativeSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { serverMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useChangeOrderStatus } from '../api/change-order-status';
import { ORDER_STATUS_MESSAGE } from '../status-label';

type EditOrderStatusModalProps = {
  /** Mount one per opening (a new key), so the choice starts at the order's current status each time. */
  order: Order;
  opened: boolean;
  onClose: () => void;
  /** After a status is saved (the screen may refresh what else it changed: stock and points on a cancel). */
  onChanged?: (order: Order) => void;
};

/**
 * Spec §4: any of the three statuses from a dropdown whose initial selection is the current one. A cancellation
 * gives the points and stock back and is final (contract "Orders"), so it is confirmed first.
 */
export function EditOrderStatusModal({ order, opened, onClose, onChanged }: EditOrderStatusModalProps) {
  const t = useT();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [confirming, setConfirming] = useState(false);
  const changeMutation = useChangeOrderStatus({
    mutationConfig: {
      onSuccess: (updated) => {
        notifications.show({
          color: 'green',
          title: t('editOrderStatus.changed', {
            alias: updated.orderIdAlias,
            status: t(ORDER_STATUS_MESSAGE[updated.status]),
          }),
          message:
            updated.status === 'Cancelled'
              ? t('editOrderStatus.cancelled', {
                  points: formatPoints(updated.totalValue),
                  username: updated.userId.username,
                })
              : t('editOrderStatus.changedBy', { username: updated.userId.username }),
        });
        onChanged?.(updated);
        close();
      },
    },
  });
  const busy = changeMutation.isPending;
  const failure = changeMutation.isError ? (serverMessage(changeMutation.error) ?? t('editOrderStatus.failure')) : undefined;

  function close() {
    changeMutation.reset();
    onClose();
  }
  function backToChoice() {
    changeMutation.reset();
    setConfirming(false);
  }
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    changeMutation.reset();
    if (status === 'Cancelled') setConfirming(true);
    else changeMutation.mutate({ orderId: order._id, status });
  }

  return (
    <>
      <FormDialog
        opened={opened && !confirming}
        onClose={close}
        title={t('editOrderStatus.title', { alias: order.orderIdAlias })}
        size="sm"
        busy={busy}
      >
        <DialogForm
          onSubmit={save}
          busy={busy}
          failure={failure}
          onCancel={close}
          cancelLabel={t('editOrderStatus.close')}
          submitLabel={t('editOrderStatus.save')}
          submitDisabled={status === order.status}
        >
          <NativeSelect
            label={t('editOrderStatus.status')}
            data={ORDER_STATUSES.map((option) => ({ value: option, label: t(ORDER_STATUS_MESSAGE[option]) }))}
            value={status}
            onChange={(event) => {
              const chosen = ORDER_STATUSES.find((option) => option === event.currentTarget.value);
              if (chosen) setStatus(chosen);
            }}
          />
        </DialogForm>
      </FormDialog>
      <ConfirmModal
        opened={opened && confirming}
        title={t('editOrderStatus.confirmTitle', { alias: order.orderIdAlias })}
        question={t('editOrderStatus.confirmQuestion')}
        confirmLabel={t('editOrderStatus.confirm')}
        cancelLabel={t('editOrderStatus.goBack')}
        loading={busy}
        error={failure}
        onConfirm={() => changeMutation.mutate({ orderId: order._id, status: 'Cancelled' })}
        onClose={backToChoice}
      >
        <Text size="sm">
          {t('editOrderStatus.confirmText', { points: formatPoints(order.totalValue), username: order.userId.username })}
        </Text>
      </ConfirmModal>
    </>
  );
}
