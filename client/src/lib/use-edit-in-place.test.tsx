import { pointsExpirySettingsSchema, type PointsExpirySettings } from '@app/common';
import { MantineProvider, NumberInput } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EditInPlaceControls } from '../components/ui/edit-in-place-controls';
import { api, errorResponse } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { apiClient } from './api-client';
import { createQueryClient } from './query-client';
import { useEditInPlace } from './use-edit-in-place';

// The /superadmin-system panels' screen tests cover a save and a refused value under its input; these cover what
// they do not reach: a failure no input holds, and Cancel then Edit starting afresh from the saved value.

/** A panel as /superadmin-system has them: the saved months, edited in place. */
function MonthsPanel({ saved }: { saved: number }) {
  const editor = useEditInPlace<PointsExpirySettings>({
    schema: pointsExpirySettingsSchema,
    fields: ['months'],
    savedMessage: 'Months saved',
    failedMessage: 'Could not save the months',
  });
  const save = useMutation({
    mutationFn: async (values: PointsExpirySettings) => (await apiClient.put<PointsExpirySettings>('/months', values)).data,
    ...editor.mutationConfig,
  });
  return (
    <form onSubmit={editor.submitTo(save)} noValidate>
      {editor.editing ? <NumberInput label="Months" {...editor.form.getInputProps('months')} /> : <p>{saved} months</p>}
      <EditInPlaceControls
        editing={editor.editing}
        saving={save.isPending}
        failure={editor.failure}
        onEdit={() => editor.startEditing({ months: saved })}
        onCancel={editor.cancel}
        editLabel="Edit"
        saveLabel="Save"
        cancelLabel="Cancel"
      />
    </form>
  );
}

function renderPanel(saved = 6) {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
        <MonthsPanel saved={saved} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    user,
    edit: () => user.click(screen.getByRole('button', { name: 'Edit' })),
    save: () => user.click(screen.getByRole('button', { name: 'Save' })),
    months: () => screen.getByRole('textbox', { name: 'Months' }),
  };
}

describe('useEditInPlace', () => {
  it('when the server refuses a field the form does not place, then its words show beside the buttons', async () => {
    server.use(
      http.put(api('/months'), () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid', [{ field: 'body.note', message: 'Too long' }]),
      ),
    );
    const { edit, save, months } = renderPanel();
    await edit();
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid');
    expect(screen.queryByText('Too long')).not.toBeInTheDocument();
    expect(months()).not.toHaveAttribute('aria-invalid', 'true');
    // Still editing: what was typed is not lost.
    expect(months()).toHaveValue('6');
  });

  it('when no answer arrives, then the panel’s own failure shows', async () => {
    server.use(http.put(api('/months'), () => HttpResponse.error()));
    const { edit, save } = renderPanel();
    await edit();
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the months');
  });

  it('when Cancel then Edit are pressed after a failed save, then the form starts from the saved value with no message', async () => {
    let answer = (): Response => errorResponse(500, 'INTERNAL', 'Something went wrong on our side');
    server.use(http.put(api('/months'), () => answer()));
    const { user, edit, save, months } = renderPanel(6);
    await edit();
    await user.clear(months());
    await user.type(months(), '200');
    await save();
    expect(await screen.findByText('Must be at most 120')).toBeInTheDocument();
    await user.clear(months());
    await user.type(months(), '24');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('6 months')).toBeInTheDocument();
    await edit();
    expect(months()).toHaveValue('6');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = () => HttpResponse.json<PointsExpirySettings>({ months: 6 });
    await save();
    expect(await screen.findByText('Months saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
