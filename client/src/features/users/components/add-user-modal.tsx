import {
  CREATABLE_USER_TYPES,
  createCustomerSchema,
  createUserSchema,
  type CreateUserInput,
  type User,
} from '@app/common';
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { detailFieldErrors } from '../../../lib/detail-field-errors';
import { fieldErrors } from '../../../lib/form-errors';
import { useCreateCustomer } from '../api/create-customer';
import { useCreateUser } from '../api/create-user';

type Field = 'username' | 'partyName' | 'phoneNumber' | 'password' | 'userType';
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

type AddUserFormProps = {
  mode: AddUserMode;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
};

function AddUserForm({ mode, onDone, onBusyChange }: AddUserFormProps) {
  const [values, setValues] = useState<Required<CreateUserInput>>({
    username: '',
    partyName: '',
    phoneNumber: '',
    password: '',
    userType: 'customer',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const usernameRef = useRef<HTMLInputElement>(null);

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
    if (!isApiError(error)) return;
    // Contract: 400 names the bad fields in details; 409 DUPLICATE_USERNAME belongs under the username.
    const fromServer = detailFieldErrors<Field>(error.details);
    if (error.code === 'DUPLICATE_USERNAME' && error.message) fromServer.username = error.message;
    setErrors(fromServer);
    if (fromServer.username) usernameRef.current?.focus();
  };
  const createCustomer = useCreateCustomer({ mutationConfig: { onSuccess, onError } });
  const createUser = useCreateUser({ mutationConfig: { onSuccess, onError } });
  const mutation = mode === 'superadmin' ? createUser : createCustomer;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.reset();
    // The same schemas the server validates with (house style 4.5.1).
    if (mode === 'superadmin') {
      const parsed = createUserSchema.safeParse(values);
      if (!parsed.success) {
        setErrors(fieldErrors<Field>(parsed.error));
        return;
      }
      onBusyChange(true);
      createUser.mutate(parsed.data);
      return;
    }
    const parsed = createCustomerSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    onBusyChange(true);
    createCustomer.mutate(parsed.data);
  };

  const hasFieldError = Object.values(errors).some(Boolean);
  const failure =
    mutation.isError && !hasFieldError
      ? (serverMessage(mutation.error) ?? 'Could not add the user. Please try again.')
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Add user">
      <Stack gap="sm">
        <TextInput
          ref={usernameRef}
          label="Username"
          autoComplete="off"
          required
          data-autofocus
          value={values.username}
          onChange={(event) => change('username', event.currentTarget.value)}
          error={errors.username}
        />
        <TextInput
          label="Party name"
          autoComplete="organization"
          required
          value={values.partyName}
          onChange={(event) => change('partyName', event.currentTarget.value)}
          error={errors.partyName}
        />
        <TextInput
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          value={values.phoneNumber}
          onChange={(event) => change('phoneNumber', event.currentTarget.value)}
          error={errors.phoneNumber}
        />
        <PasswordInput
          label="Password"
          description="8 to 72 characters. The user chooses their own at the first sign-in."
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={errors.password}
        />
        {mode === 'superadmin' && (
          <Select
            label="User type"
            required
            allowDeselect={false}
            data={USER_TYPE_OPTIONS}
            value={values.userType}
            onChange={(value) => value && change('userType', value)}
            error={errors.userType}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Add user
          </Button>
        </Group>
      </Stack>
    </form>
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
      <Modal
        opened={opened}
        onClose={modal.close}
        title="Add user"
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
      >
        <AddUserForm mode={mode} onDone={modal.close} onBusyChange={setBusy} />
      </Modal>
    </>
  );
}
