import {
  MAX_IMPORT_ROWS,
  formatNumber,
  readErrorDetails,
  type CustomerImport as CustomerImportJob,
  type ImportRowDetail,
} from '@app/common';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { deferred } from '../../../../components/ui/deferred';
import { PageLoader } from '../../../../components/ui/page-loader';
import { isApiError, serverMessage } from '../../../../lib/api-client';
import { useT } from '../../../../lib/i18n/use-t';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { useSmallScreen } from '../../../../lib/use-small-screen';
import { useCreateCustomerImport } from '../../api/create-customer-import';
import { isImportFinished, useCustomerImport } from '../../api/get-customer-import';
import { usersKeys } from '../../keys';
import { addedMessage } from './added-message';
import type { CheckedRow } from './check-import-rows';
import { ImportProgress } from './import-progress';
import { CUSTOMER_FILE_ACCEPT, readCustomerFile, type FileProblem } from './read-customer-file';
import { withServerProblems } from './server-problems';

// The preview and the outcome (tables, paging, scrolling lists) are shown only after a file is picked: their
// code is downloaded once the page has settled, not with the dashboard (decision 031).
const ImportPreview = deferred(
  () => import('./import-preview').then((module) => module.ImportPreview),
  () => <PageLoader />,
);
const ImportSummary = deferred(
  () => import('./import-summary').then((module) => module.ImportSummary),
  () => <PageLoader />,
);

type Phase =
  | { name: 'idle' }
  | { name: 'reading'; fileName: string }
  /** `attempt` counts refusals, so the preview starts fresh (showing the problem rows) after each one. */
  | { name: 'preview'; fileName: string; rows: CheckedRow[]; notice?: string; attempt: number }
  /** The rows are on their way; `key` is kept so a resend after a lost connection is the same import. */
  | { name: 'sending'; fileName: string; rows: CheckedRow[]; key: string; lostConnection: boolean }
  | { name: 'running'; fileName: string; rows: CheckedRow[]; importId: string }
  | { name: 'finished'; fileName: string; rows: CheckedRow[]; job: CustomerImportJob };

/**
 * Spec §2 Admin dashboard: the file picker for bulk customer upload (.xlsx, .xls; spec §9). The file is read
 * and checked in the browser, previewed, then sent as one import job that the server hashes and saves in one
 * transaction; progress is polled until it ends.
 */
export function CustomerImport() {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [fileError, setFileError] = useState<FileProblem | null>(null);
  const [opened, setOpened] = useState(false);
  // The dialog is first built when it first opens, then kept (so it closes with its transition): not part of
  // the dashboard's first render (decision 031).
  const [dialogBuilt, setDialogBuilt] = useState(false);
  const openDialog = () => {
    setOpened(true);
    setDialogBuilt(true);
  };
  const resetFileInput = useRef<() => void>(null);
  const refusals = useRef(0);
  const queryClient = useQueryClient();
  const smallScreen = useSmallScreen();
  const createImport = useCreateCustomerImport();
  const job = useCustomerImport(phase.name === 'running' ? phase.importId : undefined);

  const pick = async (file: File | null) => {
    // Clearing the input lets the admin pick the same file again after fixing it.
    resetFileInput.current?.();
    if (!file) return;
    setFileError(null);
    setPhase({ name: 'reading', fileName: file.name });
    const result = await readCustomerFile(file).catch(() => ({
      ok: false as const,
      problem: { id: 'import.readFailed', name: file.name } satisfies FileProblem,
    }));
    if (!result.ok) {
      setFileError(result.problem);
      setPhase({ name: 'idle' });
      return;
    }
    // The schema's checks are downloaded with the first file, not with the dashboard (decision 031).
    const rows = await import('./check-import-rows').then(
      ({ checkImportRows }) => checkImportRows(result.rows),
      () => null,
    );
    if (!rows) {
      setFileError({ id: 'import.readFailed', name: file.name });
      setPhase({ name: 'idle' });
      return;
    }
    setPhase({ name: 'preview', fileName: file.name, rows, attempt: 0 });
    openDialog();
  };

  const refused = (fileName: string, rows: CheckedRow[], message: string, rowProblems: ImportRowDetail[]) => {
    refusals.current += 1;
    setPhase({
      name: 'preview',
      fileName,
      rows: withServerProblems(rows, rowProblems),
      notice: message,
      attempt: refusals.current,
    });
  };

  const send = (fileName: string, rows: CheckedRow[], key: string) => {
    setPhase({ name: 'sending', fileName, rows, key, lostConnection: false });
    createImport.mutate(
      { users: rows.map((row) => row.values), idempotencyKey: key },
      {
        onSuccess: (started) => setPhase({ name: 'running', fileName, rows, importId: started._id }),
        onError: (error) => {
          if (isApiError(error) && error.status === 0) {
            setPhase({ name: 'sending', fileName, rows, key, lostConnection: true });
            return;
          }
          const rowProblems = isApiError(error) ? error.rowProblems : [];
          refused(fileName, rows, serverMessage(error) ?? t('import.notStarted'), rowProblems);
        },
      },
    );
  };

  // The job ended: show the outcome, and refresh the lists when customers were added.
  const finishedJob = isImportFinished(job.data) ? job.data : undefined;
  useEffect(() => {
    if (!finishedJob || phase.name !== 'running' || finishedJob._id !== phase.importId) return;
    if (finishedJob.status === 'completed') {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      if (!opened) notifications.show({ color: 'green', message: addedMessage(t, finishedJob) });
      // The job's end arrives from polling (an outside event); moving to the outcome is this effect's job.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPhase({ name: 'finished', fileName: phase.fileName, rows: phase.rows, job: finishedJob });
      return;
    }
    // A row can become a duplicate while the import runs (someone added that username meanwhile). The job
    // comes from the network like any answer, so its details go through the one reader too.
    const rowProblems = readErrorDetails(finishedJob.error?.details).rows;
    if (rowProblems.length > 0) {
      refused(phase.fileName, phase.rows, finishedJob.error?.message ?? t('import.failed'), rowProblems);
      openDialog();
      return;
    }
    setPhase({ name: 'finished', fileName: phase.fileName, rows: phase.rows, job: finishedJob });
  }, [finishedJob, phase, opened, queryClient, t]);

  // Polling stops on an answer such as 404 (see get-customer-import); asking again would not change it.
  const pollFailed = job.isError && isApiError(job.error) && job.error.status >= 400 && job.error.status < 500;
  const busy = (phase.name === 'sending' && !phase.lostConnection) || (phase.name === 'running' && !pollFailed);
  const close = () => {
    setOpened(false);
    // A running import goes on with the dialog closed; its progress stays on the page.
    if (!busy) setPhase({ name: 'idle' });
  };

  let content = null;
  if (phase.name === 'preview') {
    content = (
      <ImportPreview
        key={phase.attempt}
        fileName={phase.fileName}
        rows={phase.rows}
        notice={phase.notice}
        onImport={() => send(phase.fileName, phase.rows, newIdempotencyKey())}
        onCancel={close}
      />
    );
  } else if (phase.name === 'sending') {
    content = phase.lostConnection ? (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={t('import.unreachableTitle')}>
          {t('import.unreachableBody')}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('import.cancel')}
          </Button>
          <Button onClick={() => send(phase.fileName, phase.rows, phase.key)}>{t('import.tryAgain')}</Button>
        </Group>
      </Stack>
    ) : (
      <ImportProgress job={undefined} rowCount={phase.rows.length} />
    );
  } else if (phase.name === 'running') {
    content = pollFailed ? (
      <Alert color="red" variant="light" role="alert" title={t('import.pollFailedTitle')}>
        {serverMessage(job.error) ?? t('import.pollFailedBody')}
      </Alert>
    ) : (
      <ImportProgress job={job.data} rowCount={phase.rows.length} connectionProblem={job.isError} />
    );
  } else if (phase.name === 'finished') {
    content = (
      <ImportSummary job={phase.job} onClose={close} onRetry={() => send(phase.fileName, phase.rows, newIdempotencyKey())} />
    );
  }

  return (
    <>
      <FileButton
        onChange={pick}
        accept={CUSTOMER_FILE_ACCEPT}
        resetRef={resetFileInput}
        inputProps={{ 'aria-label': t('import.upload') }}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={phase.name === 'reading'}
            disabled={busy}
          >
            {t('import.upload')}
          </Button>
        )}
      </FileButton>

      {fileError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          w="100%"
          withCloseButton
          closeButtonLabel={t('import.dismiss')}
          onClose={() => setFileError(null)}
        >
          {t(fileError.id, { name: fileError.name, max: formatNumber(MAX_IMPORT_ROWS) })}
        </Alert>
      )}
      {!opened && phase.name !== 'idle' && phase.name !== 'reading' && phase.name !== 'preview' && (
        <Group gap="sm" w="100%">
          <Text size="sm" role="status">
            {phase.name === 'finished'
              ? phase.job.status === 'completed'
                ? addedMessage(t, phase.job)
                : t('import.failedNothingAdded')
              : t('import.importingFrom', { fileName: phase.fileName })}
          </Text>
          <Button size="compact-sm" variant="light" onClick={openDialog}>
            {phase.name === 'finished' ? t('import.showDetails') : t('import.showProgress')}
          </Button>
        </Group>
      )}

      {dialogBuilt && (
        <Modal opened={opened && content !== null} onClose={close} title={t('import.title')} size="xl" fullScreen={smallScreen}>
          {content}
        </Modal>
      )}
    </>
  );
}
