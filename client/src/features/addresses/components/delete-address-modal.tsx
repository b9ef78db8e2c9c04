import type { Address, DeleteAddressResponse } from '@app/common';
import { Text } from '@mantine/core';
import { ConfirmModal, mutationConfirmProps } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/use-t';
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
  const t = useT();
  const deleteMutation = useDeleteAddress({
    mutationConfig: {
      onSuccess: (answer) => {
        onDeleted?.(answer);
        confirm.onClose();
      },
    },
  });
  const confirm = mutationConfirmProps(deleteMutation, onClose, t('deleteAddress.failed'));
  return (
    <ConfirmModal
      opened={opened}
      title={t('deleteAddress.title')}
      question={t('deleteAddress.question')}
      confirmLabel={t('deleteAddress.confirm')}
      {...confirm}
      onConfirm={() => address && deleteMutation.mutate(address._id)}
    >
      {address && <Text size="sm">{addressLine(address)}</Text>}
    </ConfirmModal>
  );
}
