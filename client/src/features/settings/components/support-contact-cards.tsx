import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/ui/load-error';
import { PageLoader } from '../../../components/ui/page-loader';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicSettings } from '../api/get-public-settings';
import { SupportContactLink } from './support-contact-link';

/** Spec §1 and §2 Help: three contact cards (name, role, phone) for queries and order cancellation. */
export function SupportContactCards() {
  const t = useT();
  const settings = usePublicSettings();

  if (settings.isPending) {
    return <PageLoader />;
  }

  if (settings.isError) {
    return (
      <LoadError
        title={t('supportContacts.loadError')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }

  const contacts = settings.data.supportContacts;
  if (contacts.length === 0) {
    // Contract SUPPORT_CONTACTS: when unset, the help page says that no contacts are configured yet.
    return <Text>{t('supportContacts.none')}</Text>;
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {contacts.map((contact) => (
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
  );
}
