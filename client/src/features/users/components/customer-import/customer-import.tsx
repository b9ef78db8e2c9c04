import { MAX_IMPORT_ROWS, formatNumber } from '@app/common';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { deferred } from '../../../../components/ui/deferred';
import { PageLoader } from '../../../../components/ui/page-loader';
import { serverMessage } from '../../../../lib/api-client';
import { useT } from '../../../../lib/i18n/use-t';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { useSmallScreen } from '../../../../lib/use-small-screen';
import { addedMessage } from './added-message';
import { ImportProgress } from './import-progress';
import { CUSTOMER_FILE_ACCEPT } from './read-customer-file';
import { useImportFlow, type ImportFlow, type Phase } from './use-import-flow';

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

/**
 * Spec §2 Admin dashboard: the file picker for bulk customer upload (.xlsx, .xls; spec §9). The file is read
 * and checked in the browser, previewed, then sent as one import job that the server hashes and saves in one
 * transaction; progress is polled until it ends.
 */
export function CustomerImport() {
  const t = useT();
  const flow = useImportFlow();
  const { phase, fileError } = flow;
  const smallScreen = useSmallScreen();
  // The dialog shows only what a phase has to say; before a file is read it has nothing.
  const hasContent = phase.name !== 'idle' && phase.name !== 'reading';

  return (
    <>
      <FileButton
        onChange={flow.pick}
        accept={CUSTOMER_FILE_ACCEPT}
        resetRef={flow.resetFileInput}
        inputProps={{ 'aria-label': t('import.upload') }}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={phase.name === 'reading'}
            disabled={flow.busy}
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
          onClose={flow.dismissFileError}
        >
          {t(fileError.id, { name: fileError.name, max: formatNumber(MAX_IMPORT_ROWS) })}
        </Alert>
      )}
      {!flow.opened && hasContent && phase.name !== 'preview' && <ImportStatusLine phase={phase} onShow={flow.openDialog} />}

      {flow.dialogBuilt && (
        <Modal
          opened={flow.opened && hasContent}
          onClose={flow.close}
          title={t('import.title')}
          size="xl"
          fullScreen={smallScreen}
        >
          <ImportDialogContent flow={flow} />
        </Modal>
      )}
    </>
  );
}

/** With the dialog closed: how the import went (or that it is running) and the button that reopens it. */
type ImportStatusLineProps = { phase: Exclude<Phase, { name: 'idle' }>; onShow: () => void };

function ImportStatusLine({ phase, onShow }: ImportStatusLineProps) {
  const t = useT();
  return (
    <Group gap="sm" w="100%">
      <Text size="sm" role="status">
        {phase.name === 'finished'
          ? phase.job.status === 'completed'
            ? addedMessage(t, phase.job)
            : t('import.failedNothingAdded')
          : t('import.importingFrom', { fileName: phase.fileName })}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onShow}>
        {phase.name === 'finished' ? t('import.showDetails') : t('import.showProgress')}
      </Button>
    </Group>
  );
}

/** The dialog's body for each phase: the preview, the progress (or a lost connection), the outcome. */
function ImportDialogContent({ flow }: { flow: ImportFlow }) {
  const t = useT();
  const { phase, job, send, close } = flow;
  switch (phase.name) {
    case 'preview':
      return (
        <ImportPreview
          key={phase.attempt}
          fileName={phase.fileName}
          rows={phase.rows}
          notice={phase.notice}
          onImport={() => send(phase.fileName, phase.rows, newIdempotencyKey())}
          onCancel={close}
        />
      );
    case 'sending':
      return phase.lostConnection ? (
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
    case 'running':
      return flow.pollFailed ? (
        <Alert color="red" variant="light" role="alert" title={t('import.pollFailedTitle')}>
          {serverMessage(job.error) ?? t('import.pollFailedBody')}
        </Alert>
      ) : (
        <ImportProgress job={job.data} rowCount={phase.rows.length} connectionProblem={job.isError} />
      );
    case 'finished':
      return (
        <ImportSummary job={phase.job} onClose={close} onRetry={() => send(phase.fileName, phase.rows, newIdempotencyKey())} />
      );
    default:
      return null;
  }
}
