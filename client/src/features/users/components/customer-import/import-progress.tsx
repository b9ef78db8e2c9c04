import { formatNumber, type CustomerImport } from '@app/common';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useT, type Translate } from '../../../../lib/i18n/use-t';

type ImportProgressProps = {
  /** The job as last read; undefined while the rows are still being sent. */
  job: CustomerImport | undefined;
  rowCount: number;
  /** Set when the last progress read failed; polling goes on. */
  connectionProblem?: boolean;
};

function describe(t: Translate, job: CustomerImport | undefined, rowCount: number): { label: string; percent: number } {
  if (!job) return { label: t('importProgress.sending', { n: rowCount, count: formatNumber(rowCount) }), percent: 0 };
  // The server runs one import at a time; this one waits for the one before it to finish.
  if (job.status === 'queued') return { label: t('importProgress.waiting'), percent: 0 };
  if (job.status === 'hashing') {
    const percent = job.total > 0 ? Math.floor((job.processed / job.total) * 100) : 0;
    return {
      label: t('importProgress.preparing', { processed: formatNumber(job.processed), total: formatNumber(job.total) }),
      percent,
    };
  }
  return { label: t('importProgress.saving'), percent: 100 };
}

/** A running import: passwords are hashed one by one on the server, then every customer is saved at once. */
export function ImportProgress({ job, rowCount, connectionProblem = false }: ImportProgressProps) {
  const t = useT();
  const { label, percent } = describe(t, job, rowCount);
  return (
    <Stack gap="sm">
      <Text>{label}</Text>
      <Progress.Root size="lg">
        <Progress.Section value={percent} animated={!job || job.status === 'saving'} aria-label={t('importProgress.label')} />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        {t('importProgress.takesMinutes')}
      </Text>
      {connectionProblem && (
        <Alert color="yellow" variant="light">
          {t('importProgress.notAnswering')}
        </Alert>
      )}
    </Stack>
  );
}
