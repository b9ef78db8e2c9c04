import { readErrorDetails, type CustomerImport as CustomerImportJob, type ImportRowDetail } from '@app/common';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, serverMessage } from '../../../../lib/api-client';
import { useT } from '../../../../lib/i18n/use-t';
import { useCreateCustomerImport } from '../../api/create-customer-import';
import { isImportFinished, useCustomerImport } from '../../api/get-customer-import';
import { usersKeys } from '../../keys';
import { addedMessage } from './added-message';
import type { CheckedRow } from './check-import-rows';
import { readCustomerFile, type FileProblem } from './read-customer-file';
import { withServerProblems } from './server-problems';

export type Phase =
  | { name: 'idle' }
  | { name: 'reading'; fileName: string }
  /** `attempt` counts refusals, so the preview starts fresh (showing the problem rows) after each one. */
  | { name: 'preview'; fileName: string; rows: CheckedRow[]; notice?: string; attempt: number }
  /** The rows are on their way; `key` is kept so a resend after a lost connection is the same import. */
  | { name: 'sending'; fileName: string; rows: CheckedRow[]; key: string; lostConnection: boolean }
  | { name: 'running'; fileName: string; rows: CheckedRow[]; importId: string }
  | { name: 'finished'; fileName: string; rows: CheckedRow[]; job: CustomerImportJob };

/**
 * The bulk upload's story: pick a file (read and checked in the browser), preview it, send it as one import
 * job, poll it until it ends, and show the outcome or the rows the server refused. The dialog can be closed
 * while the job runs; its progress stays on the page.
 */
export function useImportFlow() {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [fileError, setFileError] = useState<FileProblem | null>(null);
  const { opened, dialogBuilt, openDialog, closeDialog } = useDialogBuiltOnOpen();
  const resetFileInput = useRef<() => void>(null);
  const refusals = useRef(0);
  const createImport = useCreateCustomerImport();
  const job = useCustomerImport(phase.name === 'running' ? phase.importId : undefined);

  const pick = async (file: File | null) => {
    // Clearing the input lets the admin pick the same file again after fixing it.
    resetFileInput.current?.();
    if (!file) return;
    setFileError(null);
    setPhase({ name: 'reading', fileName: file.name });
    const rows = await readAndCheck(file);
    if (!rows.ok) {
      setFileError(rows.problem);
      setPhase({ name: 'idle' });
      return;
    }
    setPhase({ name: 'preview', fileName: file.name, rows: rows.rows, attempt: 0 });
    openDialog();
  };

  // Stable (it touches only the ref and the setter), so the outcome's effect does not run on every render.
  const refused = useCallback((fileName: string, rows: CheckedRow[], message: string, rowProblems: ImportRowDetail[]) => {
    refusals.current += 1;
    setPhase({
      name: 'preview',
      fileName,
      rows: withServerProblems(rows, rowProblems),
      notice: message,
      attempt: refusals.current,
    });
  }, []);

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

  useImportOutcome({ phase, setPhase, job, opened, openDialog, refused });

  // Polling stops on an answer such as 404 (see get-customer-import); asking again would not change it.
  const pollFailed = job.isError && isApiError(job.error) && job.error.status >= 400 && job.error.status < 500;
  const busy = (phase.name === 'sending' && !phase.lostConnection) || (phase.name === 'running' && !pollFailed);
  const close = () => {
    closeDialog();
    // A running import goes on with the dialog closed; its progress stays on the page.
    if (!busy) setPhase({ name: 'idle' });
  };

  return {
    phase,
    job,
    pollFailed,
    busy,
    fileError,
    dismissFileError: () => setFileError(null),
    resetFileInput,
    pick,
    send,
    opened,
    dialogBuilt,
    openDialog,
    close,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;

type ImportOutcomeInput = {
  phase: Phase;
  setPhase: (phase: Phase) => void;
  job: ReturnType<typeof useCustomerImport>;
  opened: boolean;
  openDialog: () => void;
  /** Back to the preview with the rows the server refused. */
  refused: (fileName: string, rows: CheckedRow[], message: string, rowProblems: ImportRowDetail[]) => void;
};

/** The running job ended: show the outcome, and refresh the lists when customers were added. */
function useImportOutcome({ phase, setPhase, job, opened, openDialog, refused }: ImportOutcomeInput) {
  const t = useT();
  const queryClient = useQueryClient();
  const finishedJob = isImportFinished(job.data) ? job.data : undefined;
  useEffect(() => {
    if (!finishedJob || phase.name !== 'running' || finishedJob._id !== phase.importId) return;
    if (finishedJob.status === 'completed') {
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
      if (!opened) notifications.show({ color: 'green', message: addedMessage(t, finishedJob) });
      // The job's end arrives from polling (an outside event); moving to the outcome is this effect's job.
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
  }, [finishedJob, phase, setPhase, opened, queryClient, t, openDialog, refused]);
}

/**
 * The dialog is first built when it first opens, then kept (so it closes with its transition): not part of
 * the dashboard's first render (decision 031).
 */
function useDialogBuiltOnOpen() {
  const [opened, setOpened] = useState(false);
  const [dialogBuilt, setDialogBuilt] = useState(false);
  // Stable, so the effect that reopens the dialog on a refused import does not run on every render.
  const openDialog = useCallback(() => {
    setOpened(true);
    setDialogBuilt(true);
  }, []);
  return { opened, dialogBuilt, openDialog, closeDialog: () => setOpened(false) };
}

/** The file's rows checked in the browser, or the problem to show under the button. */
async function readAndCheck(file: File): Promise<{ ok: true; rows: CheckedRow[] } | { ok: false; problem: FileProblem }> {
  const readFailed = { ok: false as const, problem: { id: 'import.readFailed', name: file.name } satisfies FileProblem };
  const result = await readCustomerFile(file).catch(() => readFailed);
  if (!result.ok) return result;
  // The schema's checks are downloaded with the first file, not with the dashboard (decision 031).
  const rows = await import('./check-import-rows').then(
    ({ checkImportRows }) => checkImportRows(result.rows),
    () => null,
  );
  return rows ? { ok: true, rows } : readFailed;
}
