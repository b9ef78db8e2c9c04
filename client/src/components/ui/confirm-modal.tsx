import { Alert, Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n/use-t';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  /** The question, word for word from spec §5 Confirmations. */
  question: string;
  /** What the action is about (the user), shown under the question. */
  children?: ReactNode;
  confirmLabel: string;
  /** The safe answer's label, when 'Cancel' would be ambiguous (cancelling an order). */
  cancelLabel?: string;
  confirmColor?: MantineColor;
  /** True while the request runs: the buttons wait and the dialog stays open. */
  loading?: boolean;
  /** Why the last attempt failed (for example the server's 403 message on one's own account). */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action that cannot be taken back. Focus starts on Cancel, the safe answer. */
export function ConfirmModal({
  opened,
  title,
  question,
  children,
  confirmLabel,
  cancelLabel,
  confirmColor = 'red',
  loading = false,
  error,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      <Stack gap="md">
        <Text>{question}</Text>
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type ConfirmableMutation = { isPending: boolean; isError: boolean; error: unknown; reset: () => void };

/**
 * The ConfirmModal props of a dialog that runs one mutation: waiting while it runs, why the last attempt failed
 * (the server's words, else `failure`), and a close that forgets that attempt so the dialog opens clean.
 */
export function mutationConfirmProps(mutation: ConfirmableMutation, onClose: () => void, failure: string) {
  return {
    loading: mutation.isPending,
    error: mutation.isError ? (serverMessage(mutation.error) ?? failure) : undefined,
    onClose: () => {
      mutation.reset();
      onClose();
    },
  };
}
