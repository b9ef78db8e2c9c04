import { Stack, Text, Title } from '@mantine/core';
import { SupportContactCards } from '../../features/settings/components/support-contact-cards';
import { useT } from '../../lib/i18n/use-t';

// "/help" - spec §2 Help: three contact cards for queries and order cancellation.
export default function HelpRoute() {
  const t = useT();
  return (
    <Stack gap="md">
      <Title order={1}>{t('help.title')}</Title>
      <Text>{t('help.intro')}</Text>
      <SupportContactCards />
    </Stack>
  );
}
