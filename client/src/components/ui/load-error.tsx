import { Alert, Button, Stack, Text } from '@mantine/core';
import { serverMessage } from '../../lib/api-client';

type LoadErrorProps = { title: string; error: unknown; onRetry: () => void; retrying: boolean };

/** A screen's data could not be loaded: the server's words (or a connection hint) and Try again. */
export function LoadError({ title, error, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{serverMessage(error) ?? 'Please check your connection and try again.'}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
