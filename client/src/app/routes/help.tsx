import { Stack, Text, Title } from '@mantine/core';
import { SupportContactCards } from '../../features/settings/components/support-contact-cards';

// "/help" - spec §2 Help: three contact cards for queries and order cancellation.
export default function HelpRoute() {
  return (
    <Stack gap="md">
      <Title order={1}>Help</Title>
      <Text>For questions, or to cancel an order, please contact:</Text>
      <SupportContactCards />
    </Stack>
  );
}
