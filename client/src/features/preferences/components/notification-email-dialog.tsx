import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { QueryStates } from '../../../components/ui/query-states';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { usePreferences, useUpdatePreferences } from '../api/preferences';
import { EmailInput } from '../../../components/ui/email-input';

type EmailFormProps = { initialEmail: string; onDone: () => void; onBusyChange: (busy: boolean) => void };

function EmailForm({ initialEmail, onDone, onBusyChange }: EmailFormProps) {
  const t = useT();
  const form = useForm({ initialValues: { email: initialEmail } });
  const { failure, showError, submit } = useDialogForm(form, t('notificationEmail.saveFailed'));
  const save = useUpdatePreferences({
    mutationConfig: {
      onSuccess: () => {
        onBusyChange(false);
        notifications.show({ color: 'green', message: t('notificationEmail.saved') });
        onDone();
      },
      onError: (error) => {
        onBusyChange(false);
        // The server checks the address (common's emailSchema) and names it in details.email, in the
        // user's language: under the input. Anything else goes above the buttons.
        showError(error);
      },
    },
  });

  const saveEmail = submit((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.clearErrors();
    save.reset();
    onBusyChange(true);
    // An empty field removes the email (contract: null removes it).
    const email = form.getValues().email.trim();
    save.mutate({ email: email === '' ? null : email });
  });

  return (
    <DialogForm
      label={t('notificationEmail.title')}
      onSubmit={saveEmail}
      busy={save.isPending}
      failure={failure}
      onCancel={onDone}
      submitLabel={t('common.save')}
    >
      <Text size="sm">{t('notificationEmail.description')}</Text>
      <EmailInput label={t('notificationEmail.label')} data-autofocus {...form.getInputProps('email')} />
    </DialogForm>
  );
}

type NotificationEmailDialogProps = { opened: boolean; onClose: () => void };

/**
 * Staff have no profile screen, so the user menu opens this to set or remove the email their notifications
 * (new orders) are also mailed to (contract "Delivery beyond the inbox"). Customers set it on their profile.
 */
export function NotificationEmailDialog({ opened, onClose }: NotificationEmailDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog opened={opened} onClose={onClose} busy={busy} title={t('notificationEmail.title')}>
      <NotificationEmailContent onDone={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}

/** The current email, read when the dialog opens; the form starts from it. */
function NotificationEmailContent({ onDone, onBusyChange }: Omit<EmailFormProps, 'initialEmail'>) {
  const t = useT();
  const preferences = usePreferences();
  return (
    <QueryStates query={preferences} loadErrorTitle={t('notificationEmail.loadFailed')}>
      {(data) => <EmailForm initialEmail={data.email ?? ''} onDone={onDone} onBusyChange={onBusyChange} />}
    </QueryStates>
  );
}
