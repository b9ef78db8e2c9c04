import type { Address } from '@app/common';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
import { addressLine } from '../address-text';

type DeliveryAddressBarProps = {
  /** The order's address; undefined when the customer has none yet. */
  address: Address | undefined;
  /** True until the addresses are read. */
  loading: boolean;
  onChange: () => void;
};

/** Spec §2 Cart: the delivery address bar: where the order goes, and the button that opens the address modal. */
export function DeliveryAddressBar({ address, loading, onChange }: DeliveryAddressBarProps) {
  const t = useT();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('addressBar.label')}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('addresses.deliverTo')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={address ? undefined : 'dimmed'}>
              {loading ? t('addresses.loading') : address ? addressLine(address) : t('addressBar.noneSelected')}
            </Text>
          </Stack>
        </Group>
        <Button
          variant="light"
          size="sm"
          onClick={onChange}
          disabled={loading}
          aria-label={address ? t('addressBar.changeLabel') : t('addressBar.selectLabel')}
          style={{ flexShrink: 0 }}
        >
          {address ? t('addressBar.change') : t('addressBar.select')}
        </Button>
      </Group>
    </Paper>
  );
}
