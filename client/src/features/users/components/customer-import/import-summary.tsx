import { formatNumber, type CustomerImport } from '@app/common';
import { Alert, Button, Group, List, ScrollArea, Stack, Title } from '@mantine/core';

type ImportSummaryProps = {
  job: CustomerImport;
  onClose: () => void;
  /** Offered when the import failed without naming rows: a new attempt with the same file. */
  onRetry: () => void;
};

/** How an import ended: every added username, or why nothing was added. */
export function ImportSummary({ job, onClose, onRetry }: ImportSummaryProps) {
  if (job.status === 'completed') {
    const added = job.added ?? [];
    return (
      <Stack gap="md">
        <Title order={3} role="status">
          Added {formatNumber(added.length)} {added.length === 1 ? 'customer' : 'customers'}
        </Title>
        {added.length > 0 && (
          <ScrollArea.Autosize mah={260} type="auto">
            <List size="sm" aria-label="Added usernames">
              {added.map((user) => (
                <List.Item key={user._id}>{user.username}</List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title="Nothing was added">
        {job.error?.message ?? 'The import failed.'}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>Try again</Button>
      </Group>
    </Stack>
  );
}
