import { Alert, Button, Group, Modal, Stack, type MantineColor, type MantineSize } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';

type FormDialogProps = {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** True while the form's request runs: the dialog cannot be closed (no ×, Escape or click outside). */
  busy: boolean;
  size?: MantineSize;
  /** Phones: the whole screen, so a long form scrolls as a page. */
  fullScreen?: boolean;
  /** A DialogForm, or a component of the feature that holds the form's state and renders one. */
  children: ReactNode;
};

/**
 * The dialog around a form (add user, add or edit a bill, an item, an address, an order's status, a password
 * reset), as ConfirmModal is for a question. Its content is unmounted while closed, so a component holding
 * the form's state inside it starts afresh at each opening; that component reports `busy` up here.
 */
export function FormDialog({ opened, title, onClose, busy, size, fullScreen, children }: FormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      fullScreen={fullScreen}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {children}
    </Modal>
  );
}

type DialogFormProps = {
  /** The form's accessible name ("Add user", "Edit bill INV-7"). */
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** True while the request runs: Save waits, Cancel is off. */
  busy: boolean;
  /** Why the last attempt failed when no input can hold it (the server's words, else the dialog's own). */
  failure?: string | null;
  onCancel: () => void;
  submitLabel: string;
  submitColor?: MantineColor;
  submitDisabled?: boolean;
  /** 'Cancel' unless the dialog only views and closes (the order status dialog's 'Close'). */
  cancelLabel?: string;
  gap?: MantineSize;
  /** The inputs, and any text above them. */
  children: ReactNode;
};

/**
 * The form inside a FormDialog: its inputs, the failure above the buttons, and Cancel / Save. The browser's
 * own checks are off (noValidate): the shared schemas say what is wrong, under each input.
 */
export function DialogForm({
  label,
  onSubmit,
  busy,
  failure,
  onCancel,
  submitLabel,
  submitColor,
  submitDisabled = false,
  cancelLabel,
  gap = 'md',
  children,
}: DialogFormProps) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        {children}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt={gap === 'md' ? undefined : 'xs'}>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button type="submit" color={submitColor} loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
