import type { Address } from '@app/common';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { useSmallScreen } from '../../../lib/use-small-screen';
import { AddressFormModal } from './address-form-modal';
import { AddressRadioList } from './address-radio-list';
import { DeleteAddressModal } from './delete-address-modal';

type AddressPickerModalProps = {
  opened: boolean;
  onClose: () => void;
  addresses: Address[];
  selectedId: string | undefined;
  /** Applies at once: the choice is the order's delivery address from then on. */
  onSelect: (addressId: string) => void;
};

/**
 * Spec §2 Cart: the delivery address's selection modal: select one, add one (which is then selected), delete
 * one after a confirmation. Adding and deleting open their own dialog in place of this one and come back to
 * it, so only one dialog (and one focus trap) is open at a time.
 */
export function AddressPickerModal({ opened, onClose, addresses, selectedId, onSelect }: AddressPickerModalProps) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const smallScreen = useSmallScreen();
  const away = adding || deleting !== null;

  const close = () => {
    setAdding(false);
    setDeleting(null);
    onClose();
  };

  return (
    <>
      <Modal
        opened={opened && !away}
        onClose={close}
        title={t('addressPicker.title')}
        closeButtonProps={{ 'aria-label': t('addressPicker.close') }}
        centered
        fullScreen={smallScreen}
        // Focus goes back to the Change button only when the dialog is done with, not when another takes its place.
        returnFocus={!away}
      >
        <Stack gap="md">
          {addresses.length === 0 ? (
            <Text>{t('addresses.none')}</Text>
          ) : (
            <AddressRadioList
              label={t('addresses.deliverTo')}
              addresses={addresses}
              value={selectedId}
              onChange={onSelect}
              onDelete={setDeleting}
            />
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t('addresses.addNew')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('addresses.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <AddressFormModal
        opened={opened && adding}
        onClose={() => setAdding(false)}
        onSaved={(address) => {
          onSelect(address._id);
          setAdding(false);
        }}
      />
      <DeleteAddressModal opened={opened && deleting !== null} address={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
