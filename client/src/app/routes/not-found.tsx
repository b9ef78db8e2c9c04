import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

// Any path the spec does not list.
export default function NotFoundRoute() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>Page not found</Title>
        <Text>There is no page at this address.</Text>
        <Anchor component={Link} to={paths.login.getHref()}>
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
