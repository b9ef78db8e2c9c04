import { loginFieldChecks, normalizeLoginUsername } from '@app/common';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { useEffect, useRef, type FormEvent } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { restoreFocusBeforeStart, typedBeforeStart } from '../../../lib/prerender/typed-before-start';
import { useLogin } from '../api/login';

/**
 * Spec §2 Login: username and password, both required (§5). On success the session is stored; the
 * login screen then sends the user on (it also does so for anyone already signed in).
 *
 * Mantine's useField rather than useForm, and loginSchema's rules as plain functions rather than zod: this
 * form ships with the first page of every visit, and those two cost 10 KB gzip of its budget (issue 8).
 */
export function LoginForm() {
  // Anything typed into the login page before the app started (it is prerendered, decision 023) is kept.
  const username = useField({ initialValue: typedBeforeStart('username'), validate: loginFieldChecks.username });
  const password = useField({ initialValue: typedBeforeStart('password'), validate: loginFieldChecks.password });
  const loginMutation = useLogin();
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) restoreFocusBeforeStart(form.current);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = await Promise.all([username.validate(), password.validate()]);
    if (problems.some(Boolean)) return;
    // The trimmed, NFKC username, as loginSchema would send it.
    loginMutation.mutate({ username: normalizeLoginUsername(username.getValue()), password: password.getValue() });
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {loginMutation.isError && (
          // Spec §8: the server's message, else 'Failed to login'.
          <Alert color="red" role="alert" variant="light">
            {serverMessage(loginMutation.error) ?? t('login.failed')}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...username.getInputProps()}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          {...password.getInputProps()}
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
