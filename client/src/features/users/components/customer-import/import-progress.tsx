import { formatNumber, type CustomerImport } from '@app/common';
import { Alert, Progress, Stack, Text } from '@mantine/core';

type ImportProgressProps = {
  /** The job as last read; undefined while the rows are still being sent. */
  job: CustomerImport | undefined;
  rowCount: number;
  /** Set when the last progress read failed; polling goes on. */
  connectionProblem?: boolean;
};

function describe(job: CustomerImport | undefined, rowCount: number): { label: string; percent: number } {
  if (!job) return { label: `Sending ${formatNumber(rowCount)} rows…`, percent: 0 };
  // The server runs one import at a time; this one waits for the one before it to finish.
  if (job.status === 'queued') return { label: 'Waiting for another import to finish…', percent: 0 };
  if (job.status === 'hashing') {
    const percent = job.total > 0 ? Math.floor((job.processed / job.total) * 100) : 0;
    return {
      label: `Preparing accounts: ${formatNumber(job.processed)} of ${formatNumber(job.total)}`,
      percent,
    };
  }
  return { label: 'Saving customers…', percent: 100 };
}

/** A running import: passwords are hashed one by one on the server, then every customer is saved at once. */
export function ImportProgress({ job, rowCount, connectionProblem = false }: ImportProgressProps) {
  const { label, percent } = describe(job, rowCount);
  return (
    <Stack gap="sm">
      <Text>{label}</Text>
      <Progress.Root size="lg">
        <Progress.Section value={percent} animated={!job || job.status === 'saving'} aria-label="Import progress" />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        Large files take a few minutes. Nothing is added until every row is ready; then all rows are added at once.
      </Text>
      {connectionProblem && (
        <Alert color="yellow" variant="light">
          The server is not answering right now. The import goes on there; still checking…
        </Alert>
      )}
    </Stack>
  );
}
