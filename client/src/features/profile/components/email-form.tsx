import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { useDialogForm } from '../../../lib/use-dialog-form';
import { useUpdateEmail } from '../api/update-email';
import { EmailInput } from '../../../components/ui/email-input';

type EmailFormValues = { email: string };
type Outcome = 'saved' | 'removed';

/**
 * Contract "language and notifications": the customer's optional email, where their notifications are also
 * mailed. Empty means none (sent as null). The server checks the address and answers 400 for the field
 * `email`, in the customer's language; that message shows under the input.
 */
export function EmailForm({ email }: { email: string | null }) {
  const t = useT();
  const form = useForm<EmailFormValues>({ name: 'profile-email', initialValues: { email: email ?? '' } });
  const [outcome, setOutcome] = useState<Outcome>();
  const { failure, showError, clearFailure } = useDialogForm(form, t('profile.email.failed'));
  const mutation = useUpdateEmail({
    mutationConfig: {
      onSuccess: (preferences) => {
        form.setValues({ email: preferences.email ?? '' });
        form.resetDirty({ email: preferences.email ?? '' });
        setOutcome(preferences.email === null ? 'removed' : 'saved');
      },
      onError: (error) => {
        showError(error);
      },
    },
  });

  const save = form.onSubmit((values) => {
    setOutcome(undefined);
    clearFailure();
    const typed = values.email.trim();
    mutation.mutate({ email: typed === '' ? null : typed });
  });

  return (
    // noValidate: the server's check (and its words, in the customer's language) is the one that counts.
    <form onSubmit={save} noValidate aria-labelledby="profile-email-title">
      <Stack gap="sm" maw={480}>
        <Title order={2} size="h3" id="profile-email-title">
          {t('profile.email.title')}
        </Title>
        <EmailInput
          label={t('profile.email.label')}
          description={t('profile.email.description')}
          {...form.getInputProps('email')}
          onChange={(event) => {
            setOutcome(undefined);
            clearFailure();
            form.setFieldValue('email', event.currentTarget.value);
          }}
        />
        <Group gap="sm" align="center">
          <Button type="submit" loading={mutation.isPending}>
            {t('profile.email.save')}
          </Button>
          <div role="status" aria-live="polite">
            {outcome && (
              <Text size="sm" c="green.8" fw={600}>
                {outcome === 'saved' ? t('profile.email.saved') : t('profile.email.removed')}
              </Text>
            )}
          </div>
        </Group>
        {failure && (
          <Text size="sm" c="red.8" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
    </form>
  );
}
