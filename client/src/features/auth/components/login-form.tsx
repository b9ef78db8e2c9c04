import { loginSchema, type LoginInput } from '@app/common';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';

type LoginField = keyof LoginInput;

/**
 * Spec §2 Login: username and password, both required (§5). On success the session is stored; the
 * login screen then sends the user on (it also does so for anyone already signed in).
 */
export function LoginForm() {
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const loginMutation = useLogin();

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<LoginField>(parsed.error));
      return;
    }
    loginMutation.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="md">
        {loginMutation.isError && (
          // Spec §8: the server's message, else 'Failed to login'.
          <Alert color="red" role="alert" variant="light">
            {serverMessage(loginMutation.error) ?? 'Failed to login'}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.username}
          onChange={change('username')}
          error={errors.username}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
}
