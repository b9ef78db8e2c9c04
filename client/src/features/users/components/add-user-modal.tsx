import { CREATABLE_USER_TYPES, createCustomerSchema, createUserSchema, type CreateUserInput, type User } from '@app/common';
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { localizedSchemaResolver } from '../../../lib/forms';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useCreateCustomer } from '../api/create-customer';
import { useCreateUser } from '../api/create-user';
import { EmailInput } from '../../../components/ui/email-input';

type CreatableUserType = (typeof CREATABLE_USER_TYPES)[number];

const USER_TYPE_OPTIONS: { value: CreatableUserType; label: MessageId }[] = [
  { value: 'customer', label: 'addUser.userType.customer' },
  { value: 'admin', label: 'addUser.userType.admin' },
];

/**
 * "admin": admins create customers only (admin/add-customer). "superadmin": a customer or an admin
 * (superadmin/sausers), chosen in a user-type field that defaults to customer (spec §5, contract "Users").
 */
export type AddUserMode = 'admin' | 'superadmin';

// The same schemas the server validates with (house style 4.5.1); the resolvers are made once, since
// useForm re-creates its validators whenever its validate function changes.
const SCHEMAS = { admin: createCustomerSchema, superadmin: createUserSchema } as const;
const VALIDATE = {
  admin: localizedSchemaResolver(createCustomerSchema),
  superadmin: localizedSchemaResolver(createUserSchema),
} as const;

type AddUserValues = Required<CreateUserInput> & { email: string };

// Spec §5: the user type defaults to customer (admins never see the field; their schema drops it).
const EMPTY_USER: AddUserValues = {
  username: '',
  partyName: '',
  phoneNumber: '',
  password: '',
  userType: 'customer',
  email: '',
};

type AddUserFormProps = {
  mode: AddUserMode;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
};

function AddUserForm({ mode, onDone, onBusyChange }: AddUserFormProps) {
  const t = useT();
  const form = useForm({
    initialValues: EMPTY_USER,
    validate: VALIDATE[mode],
    // Runs only after validate passed with the same schema, so it cannot throw. It trims the values, and
    // the customer schema drops userType, which admin/add-customer does not take. The email is optional
    // (contract "Delivery beyond the inbox"): an empty field is left out of the request.
    transformValues: (values) => {
      const { email, ...rest } = SCHEMAS[mode].parse(values);
      return email ? { ...rest, email } : rest;
    },
  });
  const { failure, showError, submit } = useDialogForm(form, t('addUser.failed'));

  const onSuccess = (user: User) => {
    notifications.show({
      color: 'green',
      message: t(user.userType === 'admin' ? 'addUser.added.admin' : 'addUser.added.customer', { username: user.username }),
    });
    onBusyChange(false);
    onDone();
  };
  const onError = (error: unknown) => {
    onBusyChange(false);
    // Contract: 400 names the bad fields in details; 409 DUPLICATE_USERNAME belongs under the username.
    showError(error);
  };
  const createCustomer = useCreateCustomer({ mutationConfig: { onSuccess, onError } });
  const createUser = useCreateUser({ mutationConfig: { onSuccess, onError } });
  const mutation = mode === 'superadmin' ? createUser : createCustomer;

  const addUser = form.onSubmit((values) => {
    onBusyChange(true);
    if (mode === 'superadmin') createUser.mutate(values);
    else createCustomer.mutate(values);
  });

  return (
    <DialogForm
      label={t('addUser.title')}
      onSubmit={submit((event) => {
        mutation.reset();
        addUser(event);
      })}
      busy={mutation.isPending}
      failure={failure}
      onCancel={onDone}
      submitLabel={t('addUser.title')}
      gap="sm"
    >
      <TextInput label={t('addUser.username')} autoComplete="off" required data-autofocus {...form.getInputProps('username')} />
      <TextInput label={t('addUser.partyName')} autoComplete="organization" required {...form.getInputProps('partyName')} />
      <TextInput
        label={t('addUser.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required
        {...form.getInputProps('phoneNumber')}
      />
      <PasswordInput
        label={t('addUser.password')}
        description={t('addUser.passwordHint')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <EmailInput
        label={t('addUser.email')}
        description={t('addUser.emailHint')}
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      {mode === 'superadmin' && (
        <Select
          label={t('addUser.userTypeLabel')}
          required
          allowDeselect={false}
          data={USER_TYPE_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          {...form.getInputProps('userType')}
        />
      )}
    </DialogForm>
  );
}

/** Spec §5 Add user forms: the 'Add User' dialog (the button is add-user-button.tsx, which loads this on demand). */
export function AddUserDialog({ mode, opened, onClose }: { mode: AddUserMode; opened: boolean; onClose: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('addUser.title')} busy={busy}>
      <AddUserForm mode={mode} onDone={onClose} onBusyChange={setBusy} />
    </FormDialog>
  );
}
