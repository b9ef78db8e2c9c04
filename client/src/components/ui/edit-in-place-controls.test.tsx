import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EditInPlaceControls } from './edit-in-place-controls';

/** A panel as /superadmin-system has them: a form whose foot is the controls. */
function Panel({ onSave, failure = null }: { onSave: () => void; failure?: string | null }) {
  const [editing, setEditing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
    setEditing(false);
  };
  return (
    <MantineProvider>
      <form onSubmit={submit}>
        <EditInPlaceControls
          editing={editing}
          saving={false}
          failure={failure}
          onEdit={() => setEditing(true)}
          onCancel={() => setEditing(false)}
          editLabel="Edit"
          saveLabel="Save"
          cancelLabel="Cancel"
        >
          <button type="button">Run now</button>
        </EditInPlaceControls>
      </form>
    </MantineProvider>
  );
}

describe('EditInPlaceControls: the Edit, Save and Cancel foot of a settings panel', () => {
  it('when Edit is pressed, then Save and Cancel show and nothing is saved yet (the press is not a submit)', async () => {
    const onSave = vi.fn();
    render(<Panel onSave={onSave} />);
    expect(screen.getByRole('button', { name: 'Run now' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('when Save is pressed, then the form is submitted once and Edit is back; Cancel saves nothing', async () => {
    const onSave = vi.fn();
    render(<Panel onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('when the last save failed, then its reason is an alert above the buttons', () => {
    render(<Panel onSave={vi.fn()} failure="Could not save the settings." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save the settings.');
  });
});
