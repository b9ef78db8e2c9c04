import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/use-t';

// Any path the spec does not list.
export default function NotFoundRoute() {
  const t = useT();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Anchor component={Link} to={paths.login.getHref()}>
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Container>
  );
}
