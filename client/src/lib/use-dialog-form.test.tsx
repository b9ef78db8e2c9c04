import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DialogForm, FormDialog } from '../components/ui/form-dialog';
import { api, errorResponse } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { apiClient, isApiError } from './api-client';
import { createQueryClient } from './query-client';
import { useDialogForm } from './use-dialog-form';

/** A dialog as the features write one: a form, its request, and the failure kept by useDialogForm. */
function DealerDialog({ placeRateLimit = false }: { placeRateLimit?: boolean }) {
  const form = useForm({ initialValues: { username: 'dealer-1', partyName: 'Sharma Traders' } });
  const { failure, showError, submit } = useDialogForm(form, 'Could not save the dealer');
  const save = useMutation({
    mutationFn: async (values: typeof form.values) => (await apiClient.post('/dealers', values)).data,
    onError: (error) =>
      showError(error, () => {
        // A dialog's own place for a problem no field named, as the item form puts a 413 under its picture.
        if (!placeRateLimit || !isApiError(error) || error.status !== 429) return false;
        form.setFieldError('partyName', 'Wait a minute, then save again');
        return true;
      }),
  });
  return (
    <FormDialog opened onClose={() => undefined} title="Add dealer" busy={save.isPending}>
      <DialogForm
        label="Add dealer"
        onSubmit={submit(form.onSubmit((values) => save.mutate(values)))}
        busy={save.isPending}
        failure={failure}
        onCancel={() => undefined}
        submitLabel="Save"
      >
        <TextInput label="Username" {...form.getInputProps('username')} />
        <TextInput label="Party name" {...form.getInputProps('partyName')} />
        {save.isSuccess && <p>Dealer saved</p>}
      </DialogForm>
    </FormDialog>
  );
}

async function openDialog(props: { placeRateLimit?: boolean } = {}) {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <DealerDialog {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Add dealer' }));
  return { user, dialog, save: () => user.click(dialog.getByRole('button', { name: 'Save' })) };
}

/** Answers each save with the next of `answers`, the last one again once they run out. */
function answerSaves(...answers: (() => Response)[]) {
  let count = 0;
  server.use(http.post(api('/dealers'), () => answers[Math.min(count++, answers.length - 1)]!()));
}

describe('useDialogForm', () => {
  it('when the server names a field (400 details), then its message is under that input and no alert shows', async () => {
    answerSaves(() =>
      errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
        { field: 'partyName', message: 'Party name must be at most 120 characters' },
      ]),
    );
    const { dialog, save } = await openDialog();
    await save();

    const partyName = dialog.getByLabelText('Party name');
    expect(await dialog.findByText('Party name must be at most 120 characters')).toBeInTheDocument();
    expect(partyName).toHaveAccessibleDescription('Party name must be at most 120 characters');
    expect(partyName).toHaveFocus();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the failure names no field of the form, then the server’s words show in the alert above the buttons', async () => {
    answerSaves(() => errorResponse(409, 'CONFLICT', 'This dealer was changed by someone else'));
    const { dialog, save } = await openDialog();
    await save();

    expect(await dialog.findByRole('alert')).toHaveTextContent('This dealer was changed by someone else');
    expect(dialog.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('when no answer arrives, then the dialog’s own failure shows', async () => {
    answerSaves(() => HttpResponse.error());
    const { dialog, save } = await openDialog();
    await save();

    expect(await dialog.findByRole('alert')).toHaveTextContent('Could not save the dealer');
  });

  it('when the next attempt is sent, then the last one’s failure and field messages are gone, and its answer shows', async () => {
    answerSaves(
      () => errorResponse(500, 'INTERNAL', 'Something went wrong on our side'),
      () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [
          { field: 'username', message: 'Username must be at most 64 characters' },
        ]),
      () => HttpResponse.json({ _id: 'd1' }, { status: 201 }),
    );
    const { dialog, save } = await openDialog();

    await save();
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong on our side');

    await save();
    expect(await dialog.findByText('Username must be at most 64 characters')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

    await save();
    expect(await dialog.findByText('Dealer saved')).toBeInTheDocument();
    expect(dialog.queryByText('Username must be at most 64 characters')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the dialog has its own place for a failure, then the failure goes there and not to the alert', async () => {
    answerSaves(() => errorResponse(429, 'RATE_LIMITED', 'Too many requests'));
    const { dialog, save } = await openDialog({ placeRateLimit: true });
    await save();

    expect(await dialog.findByText('Wait a minute, then save again')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
