import { formatPoints, ORDER_STATUSES, type Order, type OrderStatus } from '@app/common';
import { NativeSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { serverMessage } from '../../../lib/api-client';
import { useChangeOrderStatus } from '../api/change-order-status';

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
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [confirming, setConfirming] = useState(false);
  const changeMutation = useChangeOrderStatus({
    mutationConfig: {
      onSuccess: (updated) => {
        notifications.show({
          color: 'green',
          title: `${updated.orderIdAlias} is now ${updated.status}`,
          message:
            updated.status === 'Cancelled'
              ? `${formatPoints(updated.totalValue)} points went back to ${updated.userId.username} and the items back to stock.`
              : `Order of ${updated.userId.username}`,
        });
        onChanged?.(updated);
        close();
      },
    },
  });
  const busy = changeMutation.isPending;
  const failure = changeMutation.isError
    ? (serverMessage(changeMutation.error) ?? 'Could not change the status. Please try again.')
    : undefined;

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
        title={`Edit Status for ${order.orderIdAlias}`}
        size="sm"
        busy={busy}
      >
        <DialogForm
          onSubmit={save}
          busy={busy}
          failure={failure}
          onCancel={close}
          cancelLabel="Close"
          submitLabel="Save"
          submitDisabled={status === order.status}
        >
          <NativeSelect
            label="Status"
            data={[...ORDER_STATUSES]}
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
        title={`Cancel ${order.orderIdAlias}?`}
        question="Are you sure you want to cancel this order?"
        confirmLabel="Cancel order"
        cancelLabel="Go back"
        loading={busy}
        error={failure}
        onConfirm={() => changeMutation.mutate({ orderId: order._id, status: 'Cancelled' })}
        onClose={backToChoice}
      >
        <Text size="sm">
          {formatPoints(order.totalValue)} points go back to {order.userId.username} and the items go back to stock. A cancelled
          order cannot be changed again.
        </Text>
      </ConfirmModal>
    </>
  );
}
