import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a screen fails to render or its code cannot be downloaded (e.g. after a new release). */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text>This page could not be shown. Reloading usually helps.{detail ? ` (${detail})` : ''}</Text>
        <Stack gap="xs" align="flex-start">
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Anchor href="/">Go to the home page</Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}
