import { Alert, Button, Stack, Text } from '@mantine/core';
import { serverMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';

type LoadErrorProps = { title: string; error: unknown; onRetry: () => void; retrying: boolean };

/** A screen's data could not be loaded: the server's words (or a connection hint) and Try again. */
export function LoadError({ title, error, onRetry, retrying }: LoadErrorProps) {
  const t = useT();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{serverMessage(error) ?? t('loadError.checkConnection')}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('loadError.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
