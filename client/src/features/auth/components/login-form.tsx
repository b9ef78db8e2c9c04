import { loginSchema, type LoginInput } from '@app/common';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { serverMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';

// Made once, not per render: useForm re-creates its validators whenever this function changes.
const validate = schemaResolver(loginSchema, { sync: true });

/**
 * Spec §2 Login: username and password, both required (§5). On success the session is stored; the
 * login screen then sends the user on (it also does so for anyone already signed in).
 */
export function LoginForm() {
  const form = useForm({
    initialValues: { username: '', password: '' } satisfies LoginInput,
    validate,
    // Runs only after validate passed with the same schema, so it cannot throw; it sends the trimmed username.
    transformValues: (values) => loginSchema.parse(values),
  });
  const loginMutation = useLogin();

  return (
    <form onSubmit={form.onSubmit((values) => loginMutation.mutate(values))} noValidate aria-label="Login">
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
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
}
