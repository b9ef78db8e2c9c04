import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { QueryStates } from '../../../components/ui/query-states';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicSettings } from '../api/get-public-settings';
import { SupportContactLink } from './support-contact-link';

/** Spec §1 and §2 Help: three contact cards (name, role, phone) for queries and order cancellation. */
export function SupportContactCards() {
  const t = useT();
  const settings = usePublicSettings();
  return (
    <QueryStates
      query={settings}
      loadErrorTitle={t('supportContacts.loadError')}
      isEmpty={(data) => data.supportContacts.length === 0}
      // Contract SUPPORT_CONTACTS: when unset, the help page says that no contacts are configured yet.
      empty={<Text>{t('supportContacts.none')}</Text>}
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {data.supportContacts.map((contact) => (
            <Card key={`${contact.name}-${contact.phone}`} withBorder padding="lg" component="article">
              <Title order={2} size="h4">
                {contact.name}
              </Title>
              <Text c="dimmed" size="sm" mb="sm">
                {contact.role}
              </Text>
              <Text>
                {t('supportContacts.phone')} <SupportContactLink phone={contact.phone} />
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryStates>
  );
}
