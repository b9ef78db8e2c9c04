import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { localizeMessage } from '../../../lib/i18n/language';
import { useT } from '../../../lib/i18n/use-t';
import { requestSignInCode } from '../api/sign-in-code';

type SignInCodeOfferProps = {
  /** Checks the username field and answers its value, or undefined when it is not filled in. */
  readUsername: () => Promise<string | undefined>;
  code: string;
  onCodeChange: (code: string) => void;
  /** The problem with the code, shown under its field. */
  codeError?: string;
};

/**
 * Contract "Sign-in codes": offered once a sign-in was refused with 429. The owner asks for a code (sent to their
 * email or, through the webhook, their phone), types it under the password, and the next sign-in carries it.
 * Downloaded only then: the login screen is the first page of every visit.
 */
export default function SignInCodeOffer({ readUsername, code, onCodeChange, codeError }: SignInCodeOfferProps) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [answer, setAnswer] = useState<string>();

  const ask = async () => {
    const username = await readUsername();
    if (username === undefined) return;
    setState('sending');
    try {
      const sent = await requestSignInCode({ username });
      // The server words its answers in English; errors come in the reader's language already.
      setAnswer(localizeMessage(sent.message));
      setState('sent');
    } catch (error) {
      setAnswer(serverMessage(error));
      setState('failed');
    }
  };

  return (
    <Stack gap="sm">
      {state === 'idle' || state === 'sending' ? (
        <>
          <Text size="sm">{t('login.signInCode.explain')}</Text>
          <Button variant="light" onClick={() => void ask()} loading={state === 'sending'}>
            {t('login.signInCode.offer')}
          </Button>
        </>
      ) : state === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {answer ?? t('login.signInCode.failed')}
          <Button variant="subtle" size="compact-sm" onClick={() => void ask()} ml="xs">
            {t('login.signInCode.offer')}
          </Button>
        </Alert>
      ) : (
        <>
          <Alert color="blue" variant="light" role="status">
            {answer}
          </Alert>
          <TextInput
            label={t('login.signInCode.label')}
            description={t('login.signInCode.description')}
            name="signInCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={codeError}
            onChange={(event) => onCodeChange(event.currentTarget.value.replace(/\D/g, ''))}
            data-autofocus
          />
        </>
      )}
    </Stack>
  );
}
