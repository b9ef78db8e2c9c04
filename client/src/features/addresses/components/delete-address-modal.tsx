import type { Address, DeleteAddressResponse } from '@app/common';
import { Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteAddress } from '../api/delete-address';
import { addressLine } from '../address-text';

type DeleteAddressModalProps = {
  opened: boolean;
  address: Address | null;
  onClose: () => void;
  onDeleted?: (answer: DeleteAddressResponse) => void;
};

/**
 * Cart's address modal, Delete: asked the way spec §5 asks its other confirmations. Deleting the default
 * makes another address the default (contract "Addresses"); orders keep the address they were sent to.
 */
export function DeleteAddressModal({ opened, address, onClose, onDeleted }: DeleteAddressModalProps) {
  const deleteMutation = useDeleteAddress({
    mutationConfig: {
      onSuccess: (answer) => {
        onDeleted?.(answer);
        close();
      },
    },
  });
  function close() {
    deleteMutation.reset();
    onClose();
  }
  return (
    <ConfirmModal
      opened={opened}
      title="Delete address"
      question="Are you sure you want to delete this address?"
      confirmLabel="Delete"
      loading={deleteMutation.isPending}
      error={
        deleteMutation.isError
          ? (serverMessage(deleteMutation.error) ?? 'Could not delete the address. Please try again.')
          : undefined
      }
      onConfirm={() => address && deleteMutation.mutate(address._id)}
      onClose={close}
    >
      {address && <Text size="sm">{addressLine(address)}</Text>}
    </ConfirmModal>
  );
}
