import type { Address } from '@app/common';
import { ActionIcon, Badge, Group, Radio, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
import { addressLine } from '../address-text';

type AddressRadioListProps = {
  addresses: Address[];
  /** The selected address's _id. */
  value: string | undefined;
  onChange: (addressId: string) => void;
  /** When given, each address has a Delete button (the cart's address modal). */
  onDelete?: (address: Address) => void;
  label: string;
};

/** Spec §2 Buy-now and Cart: the saved addresses as one choice, the default marked. Arrow keys move the choice. */
export function AddressRadioList({ addresses, value, onChange, onDelete, label }: AddressRadioListProps) {
  const t = useT();
  return (
    <Radio.Group label={label} value={value ?? null} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {addresses.map((address) => (
          <Group key={address._id} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Radio
              value={address._id}
              label={addressLine(address)}
              description={
                address.default ? (
                  <Badge component="span" size="xs" variant="light">
                    {t('addresses.default')}
                  </Badge>
                ) : undefined
              }
              flex={1}
              miw={0}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => onDelete(address)}
                aria-label={t('addresses.deleteNamed', { address: addressLine(address) })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Radio.Group>
  );
}
