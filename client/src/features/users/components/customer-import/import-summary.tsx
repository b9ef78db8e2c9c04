import type { CustomerImport } from '@app/common';
import { Alert, Button, Group, List, ScrollArea, Stack, Title } from '@mantine/core';
import { useT } from '../../../../lib/i18n/use-t';
import { addedMessage } from './added-message';

type ImportSummaryProps = {
  job: CustomerImport;
  onClose: () => void;
  /** Offered when the import failed without naming rows: a new attempt with the same file. */
  onRetry: () => void;
};

/** How an import ended: every added username, or why nothing was added. */
export function ImportSummary({ job, onClose, onRetry }: ImportSummaryProps) {
  const t = useT();
  if (job.status === 'completed') {
    const added = job.added ?? [];
    return (
      <Stack gap="md">
        <Title order={3} role="status">
          {addedMessage(t, job)}
        </Title>
        {added.length > 0 && (
          <ScrollArea.Autosize mah={260} type="auto">
            <List size="sm" aria-label={t('importSummary.addedUsernames')}>
              {added.map((user) => (
                <List.Item key={user._id}>{user.username}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('importSummary.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title={t('importPreview.nothingAdded')}>
        {job.error?.message ?? t('import.failed')}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('importSummary.close')}
        </Button>
        <Button onClick={onRetry}>{t('import.tryAgain')}</Button>
      </Group>
    </Stack>
  );
}
