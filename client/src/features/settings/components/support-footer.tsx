import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePublicSettings } from '../api/get-public-settings';
import { SupportContactLink } from './support-contact-link';

type SupportFooterProps = {
  /**
   * Spec §1: customers see the three support phone numbers; everyone else (and the login screen) sees
   * the product name and a support line.
   */
  variant: 'customer' | 'staff';
};

const NOT_CONFIGURED = 'Support contacts are not configured yet';

export function SupportFooter({ variant }: SupportFooterProps) {
  const settings = usePublicSettings();

  if (settings.isPending) {
    return <Skeleton height={16} width={220} aria-label="Loading support contacts" />;
  }
  if (settings.isError) {
    return (
      <Text size="sm" c="dimmed">
        Support contacts could not be loaded.
      </Text>
    );
  }

  const { productName, supportContacts } = settings.data;

  if (variant === 'customer') {
    if (supportContacts.length === 0) return <Text size="sm">{NOT_CONFIGURED}</Text>;
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Support
        </Text>
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          {supportContacts.map((contact) => (
            <Text size="sm" key={`${contact.name}-${contact.phone}`}>
              {contact.name}: <SupportContactLink phone={contact.phone} />
            </Text>
          ))}
        </Group>
      </Stack>
    );
  }

  const [first] = supportContacts;
  let supportLine: ReactNode = NOT_CONFIGURED;
  if (first) {
    supportLine = (
      <>
        Support: {first.name} ({first.role}), <SupportContactLink phone={first.phone} />
      </>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {productName}
      </Text>
      <Text size="sm">{supportLine}</Text>
    </Stack>
  );
}
