import { Alert, Button, MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { api, errorResponse } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { apiClient } from './api-client';
import { createCustomerSchema } from '@app/common';
import { localizedSchemaResolver, setServerFieldErrors } from './forms';
import { activateLanguage } from './i18n/language';

/** A form like the real ones: its failure goes through apiClient (so through toApiError) into the helper. */
function DealerForm() {
  const form = useForm({ initialValues: { username: 'dealer-1', partyName: 'Sharma Traders' } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await apiClient.post('/dealers', values);
    } catch (error) {
      if (!setServerFieldErrors(form, error)) setFailure('Could not save the dealer');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Dealer">
      <TextInput label="Username" {...form.getInputProps('username')} />
      <TextInput label="Party name" {...form.getInputProps('partyName')} />
      {failure && <Alert role="alert">{failure}</Alert>}
      <Button type="submit">Save</Button>
    </form>
  );
}

async function submitWithAnswer(answer: () => Response) {
  server.use(http.post(api('/dealers'), answer));
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <DealerForm />
    </MantineProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('setServerFieldErrors', () => {
  it('when a 400 names fields in details, then each message shows under its own input and the first takes the focus', async () => {
    await submitWithAnswer(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
        { field: 'body.partyName', message: 'Party name must be at most 120 characters' },
        { field: 'username', message: 'Username must be at most 64 characters' },
        // Not an input of this form: it must not be counted as shown.
        { field: 'colour', message: 'Choose a colour' },
      ]),
    );

    const username = screen.getByLabelText('Username');
    const partyName = screen.getByLabelText('Party name');
    expect(await screen.findByText('Username must be at most 64 characters')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('Username must be at most 64 characters');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    // A nested path ("body.partyName") names the input of its last segment.
    expect(partyName).toHaveAccessibleDescription('Party name must be at most 120 characters');
    // Focus goes to the first input in the form's order, not in the answer's.
    expect(username).toHaveFocus();
    expect(screen.queryByText('Choose a colour')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when a 409 DUPLICATE_USERNAME comes without details, then its message goes under the username', async () => {
    await submitWithAnswer(() => errorResponse(409, 'DUPLICATE_USERNAME', 'Username already exists'));

    const username = screen.getByLabelText('Username');
    expect(await screen.findByText('Username already exists')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('Username already exists');
    expect(screen.getByLabelText('Party name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when no problem names an input of the form, then nothing is placed and the form shows its alert', async () => {
    await submitWithAnswer(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [{ field: 'colour', message: 'Choose a colour' }]),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the dealer');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Party name')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('when no answer arrives, then nothing is placed and the form shows its alert', async () => {
    await submitWithAnswer(() => HttpResponse.error());

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the dealer');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

/** A form checked on the client by a shared schema, as the staff's add-customer form is. */
function NewCustomerForm() {
  const form = useForm({
    initialValues: { username: '', partyName: 'Sharma Traders', phoneNumber: '12', password: 'short' },
    validate: localizedSchemaResolver(createCustomerSchema),
  });
  return (
    <form onSubmit={form.onSubmit(() => undefined)} noValidate aria-label="New customer">
      <TextInput label="Username" {...form.getInputProps('username')} />
      <TextInput label="Phone number" {...form.getInputProps('phoneNumber')} />
      <TextInput label="Password" {...form.getInputProps('password')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

async function submitNewCustomer() {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <NewCustomerForm />
    </MantineProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('localizedSchemaResolver', () => {
  it('when a Hindi reader submits a form the shared schema refuses, then each message is in Hindi and none in English', async () => {
    await activateLanguage('hi');
    await submitNewCustomer();
    expect(await screen.findByText('यूज़रनेम डालें')).toBeInTheDocument();
    expect(screen.getByText('7 से 15 अंकों का फ़ोन नंबर डालें')).toBeInTheDocument();
    expect(screen.getByText('पासवर्ड कम से कम 8 अक्षर का होना चाहिए')).toBeInTheDocument();
    for (const english of [
      'Username is required',
      'Enter a phone number of 7 to 15 digits',
      'Password must be at least 8 characters',
    ])
      expect(screen.queryByText(english)).not.toBeInTheDocument();
  });

  it('when an English reader submits the same form, then the schema’s English messages show unchanged', async () => {
    await submitNewCustomer();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number of 7 to 15 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('when a Hindi reader gets a 400 whose problems are still in English, then they show in Hindi under their inputs', async () => {
    await activateLanguage('hi');
    await submitWithAnswer(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are invalid', [
        { field: 'partyName', message: 'Party name must be at most 120 characters' },
      ]),
    );
    expect(await screen.findByText('फ़र्म का नाम ज़्यादा से ज़्यादा 120 अक्षर का हो सकता है')).toBeInTheDocument();
  });
});
