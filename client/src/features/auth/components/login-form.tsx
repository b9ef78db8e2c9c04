import { loginFieldChecks, normalizeLoginUsername } from '@app/common';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError, serverMessage } from '../../../lib/api-client';
import { localizeMessage } from '../../../lib/i18n/language';
import { useT } from '../../../lib/i18n/use-t';
import { restoreFocusBeforeStart, typedBeforeStart } from '../../../lib/prerender/typed-before-start';
import { useLogin } from '../api/login';

// Contract "Sign-in codes": offered after a sign-in refused with 429, and downloaded only then.
const SignInCodeOffer = lazy(() => import('./sign-in-code-offer'));

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
  // Once offered (a 429), the code stays on the form whatever the next attempt answers.
  const [codeOffered, setCodeOffered] = useState(false);
  const [signInCode, setSignInCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  if (!codeOffered && isApiError(loginMutation.error) && loginMutation.error.status === 429) setCodeOffered(true);
  const readUsername = async () => ((await username.validate()) ? undefined : normalizeLoginUsername(username.getValue()));
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) restoreFocusBeforeStart(form.current);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = await Promise.all([username.validate(), password.validate()]);
    const codeProblem = loginFieldChecks.signInCode(signInCode);
    setCodeError(codeProblem ? localizeMessage(codeProblem) : undefined);
    const badCode = codeProblem !== null;
    if (problems.some(Boolean) || badCode) return;
    // The trimmed, NFKC username, as loginSchema would send it.
    loginMutation.mutate({
      username: normalizeLoginUsername(username.getValue()),
      password: password.getValue(),
      ...(signInCode ? { signInCode } : {}),
    });
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
        {codeOffered && (
          <Suspense fallback={null}>
            <SignInCodeOffer readUsername={readUsername} code={signInCode} onCodeChange={setSignInCode} codeError={codeError} />
          </Suspense>
        )}
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
