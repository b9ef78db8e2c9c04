import { CREATABLE_USER_TYPES, createCustomerSchema, createUserSchema, type CreateUserInput, type User } from '@app/common';
import { Button, PasswordInput, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { serverMessage } from '../../../lib/api-client';
import { setServerFieldErrors } from '../../../lib/forms';
import { useCreateCustomer } from '../api/create-customer';
import { useCreateUser } from '../api/create-user';

type CreatableUserType = (typeof CREATABLE_USER_TYPES)[number];

const USER_TYPE_OPTIONS: { value: CreatableUserType; label: string }[] = [
  { value: 'customer', label: 'Customer' },
  { value: 'admin', label: 'Admin' },
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
  admin: schemaResolver(createCustomerSchema, { sync: true }),
  superadmin: schemaResolver(createUserSchema, { sync: true }),
} as const;

// Spec §5: the user type defaults to customer (admins never see the field; their schema drops it).
const EMPTY_USER: Required<CreateUserInput> = {
  username: '',
  partyName: '',
  phoneNumber: '',
  password: '',
  userType: 'customer',
};

type AddUserFormProps = {
  mode: AddUserMode;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
};

function AddUserForm({ mode, onDone, onBusyChange }: AddUserFormProps) {
  const form = useForm({
    initialValues: EMPTY_USER,
    validate: VALIDATE[mode],
    // Runs only after validate passed with the same schema, so it cannot throw. It trims the values, and
    // the customer schema drops userType, which admin/add-customer does not take.
    transformValues: (values) => SCHEMAS[mode].parse(values),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSuccess = (user: User) => {
    notifications.show({
      color: 'green',
      message: `${user.userType === 'admin' ? 'Admin' : 'Customer'} ${user.username} has been added`,
    });
    onBusyChange(false);
    onDone();
  };
  const onError = (error: unknown) => {
    onBusyChange(false);
    // Contract: 400 names the bad fields in details; 409 DUPLICATE_USERNAME belongs under the username.
    if (!setServerFieldErrors(form, error)) {
      setFailure(serverMessage(error) ?? 'Could not add the user. Please try again.');
    }
  };
  const createCustomer = useCreateCustomer({ mutationConfig: { onSuccess, onError } });
  const createUser = useCreateUser({ mutationConfig: { onSuccess, onError } });
  const mutation = mode === 'superadmin' ? createUser : createCustomer;

  const addUser = form.onSubmit((values) => {
    onBusyChange(true);
    if (mode === 'superadmin') createUser.mutate(values);
    else createCustomer.mutate(values);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A new attempt hides the last one's failure, whether or not this one passes the checks.
    setFailure(null);
    mutation.reset();
    addUser(event);
  };

  return (
    <DialogForm
      label="Add user"
      onSubmit={submit}
      busy={mutation.isPending}
      failure={failure}
      onCancel={onDone}
      submitLabel="Add user"
      gap="sm"
    >
      <TextInput label="Username" autoComplete="off" required data-autofocus {...form.getInputProps('username')} />
      <TextInput label="Party name" autoComplete="organization" required {...form.getInputProps('partyName')} />
      <TextInput
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required
        {...form.getInputProps('phoneNumber')}
      />
      <PasswordInput
        label="Password"
        description="8 to 72 characters. The user chooses their own at the first sign-in."
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      {mode === 'superadmin' && (
        <Select label="User type" required allowDeselect={false} data={USER_TYPE_OPTIONS} {...form.getInputProps('userType')} />
      )}
    </DialogForm>
  );
}

/** Spec §2 dashboards: the 'Add User' button and its form (spec §5 Add user forms). */
export function AddUserButton({ mode }: { mode: AddUserMode }) {
  const [opened, modal] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={modal.open}>
        Add User
      </Button>
      <FormDialog opened={opened} onClose={modal.close} title="Add user" busy={busy}>
        <AddUserForm mode={mode} onDone={modal.close} onBusyChange={setBusy} />
      </FormDialog>
    </>
  );
}
