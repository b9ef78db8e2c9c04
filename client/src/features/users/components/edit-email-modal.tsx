import { updateUserEmailSchema, type User } from '@app/common';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { localizedSchemaResolver } from '../../../lib/forms';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useUpdateUserEmail } from '../api/update-user-email';
import { UserSummary } from './user-summary';
import { EmailInput } from '../../../components/ui/email-input';

type EditEmailFormProps = {
  user: User;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
};

// The server's rule (common), checked here first; made once, since useForm re-creates changed validators.
const validate = localizedSchemaResolver(updateUserEmailSchema);

function EditEmailForm({ user, onDone, onBusyChange }: EditEmailFormProps) {
  const t = useT();
  const form = useForm({ initialValues: { email: user.email ?? '' }, validate });
  const { failure, showError, submit } = useDialogForm(form, t('editEmail.failed'));
  const update = useUpdateUserEmail({
    mutationConfig: {
      onSuccess: (updated) => {
        onBusyChange(false);
        notifications.show({
          color: 'green',
          message: t(updated.email ? 'editEmail.saved' : 'editEmail.removed', { username: updated.username }),
        });
        onDone();
      },
      onError: (error) => {
        onBusyChange(false);
        // Contract: an invalid email is a 400 whose details name the field; it belongs under the input.
        showError(error);
      },
    },
  });

  const save = form.onSubmit((values) => {
    onBusyChange(true);
    // The schema trims the address and lower-cases its domain; an empty field removes it (null).
    const { email } = updateUserEmailSchema.parse(values);
    update.mutate({ userId: user._id, email: email === '' ? null : email });
  });

  return (
    <DialogForm
      label={t('editEmail.formLabel', { username: user.username })}
      onSubmit={submit((event) => {
        update.reset();
        save(event);
      })}
      busy={update.isPending}
      failure={failure}
      onCancel={onDone}
      submitLabel={t('editEmail.save')}
    >
      <UserSummary user={user} />
      <EmailInput
        label={t('editEmail.label')}
        description={t('editEmail.hint')}
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('email')}
      />
    </DialogForm>
  );
}

type EditEmailModalProps = {
  opened: boolean;
  /** Kept after closing so the dialog does not empty while it fades out. */
  user: User | null;
  onClose: () => void;
};

/** A user's optional email, set by staff (contract "Delivery beyond the inbox"): notifications are mailed there. */
export function EditEmailModal({ opened, user, onClose }: EditEmailModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('editEmail.title')} busy={busy}>
      {user && <EditEmailForm key={user._id} user={user} onDone={onClose} onBusyChange={setBusy} />}
    </FormDialog>
  );
}
