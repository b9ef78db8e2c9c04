import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogForm, FormDialog } from './form-dialog';

type HarnessProps = { busy?: boolean; failure?: string | null; onSubmit?: (name: string) => void };

/** A dialog of one field, as a feature writes one: its state inside, so each opening starts afresh. */
function NameForm({ busy, failure, onSubmit, onDone }: HarnessProps & { onDone: () => void }) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.(name);
  };
  return (
    <DialogForm
      label="Name the thing"
      onSubmit={submit}
      busy={busy ?? false}
      failure={failure}
      onCancel={onDone}
      submitLabel="Save name"
    >
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
    </DialogForm>
  );
}

function Harness(props: HarnessProps) {
  const [opened, setOpened] = useState(true);
  return (
    <MantineProvider env="test">
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormDialog opened={opened} onClose={() => setOpened(false)} title="Name" busy={props.busy ?? false}>
        <NameForm {...props} onDone={() => setOpened(false)} />
      </FormDialog>
    </MantineProvider>
  );
}

describe('FormDialog and DialogForm', () => {
  it('when Save is pressed, then the form submits what was typed; Cancel closes and the next opening starts empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);

    const dialog = within(await screen.findByRole('dialog', { name: 'Name' }));
    expect(dialog.getByRole('form', { name: 'Name the thing' })).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'Kettle');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(onSubmit).toHaveBeenCalledWith('Kettle');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(await screen.findByRole('dialog', { name: 'Name' })).getByLabelText('Name')).toHaveValue('');
  });

  it('when the last attempt failed, then its reason shows as an alert above the buttons', async () => {
    render(<Harness failure="Bill number INV-7 is already used" />);

    const dialog = within(await screen.findByRole('dialog', { name: 'Name' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Bill number INV-7 is already used');
  });

  it('when the request runs, then Cancel is off, Save waits, and Escape does not close the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness busy />);

    const dialog = within(await screen.findByRole('dialog', { name: 'Name' }));
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Save name' })).toHaveAttribute('data-loading', 'true');
    expect(dialog.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Name' })).toBeInTheDocument();
  });
});
