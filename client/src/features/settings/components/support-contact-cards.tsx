import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePublicSettings } from '../api/get-public-settings';
import { SupportContactLink } from './support-contact-link';

/** Spec §1 and §2 Help: three contact cards (name, role, phone) for queries and order cancellation. */
export function SupportContactCards() {
  const settings = usePublicSettings();

  if (settings.isPending) {
    return <PageLoader />;
  }

  if (settings.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Support contacts could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Please check your connection and try again.</Text>
          <Button size="xs" variant="default" onClick={() => settings.refetch()} loading={settings.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const contacts = settings.data.supportContacts;
  if (contacts.length === 0) {
    // Contract SUPPORT_CONTACTS: when unset, the help page says that no contacts are configured yet.
    return <Text>Support contacts are not configured yet</Text>;
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
            Phone: <SupportContactLink phone={contact.phone} />
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
