import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataList, EditDeleteActions } from './data-list';

type Entry = { id: string; what: string; points: number; balance: number };

const entries: Entry[] = [
  { id: 'a', what: 'Bill entered', points: 400, balance: 900 },
  { id: 'b', what: 'Order placed', points: -500, balance: 500 },
];

function History({ onEdit = () => undefined, withActions = true }: { onEdit?: (entry: Entry) => void; withActions?: boolean }) {
  return (
    <DataList
      label="Points history"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { label: 'What', cell: (entry) => entry.what },
        { label: 'Points', number: true, phone: 'aside', cell: (entry) => String(entry.points) },
        { label: 'Balance', number: true, cell: (entry) => String(entry.balance) },
        {
          label: 'Actions',
          phone: 'actions',
          hidden: !withActions,
          cell: (entry) => (
            <EditDeleteActions
              editText="Edit"
              deleteText="Delete"
              editLabel={`Edit ${entry.what}`}
              deleteLabel={`Delete ${entry.what}`}
              onEdit={() => onEdit(entry)}
              onDelete={() => undefined}
            />
          ),
        },
      ]}
    />
  );
}

describe('DataList: every list, a table on a wide screen and cards on a phone', () => {
  it('when drawn, then it is a named table whose rows are headed by their first column', () => {
    render(<History />);
    const table = screen.getByRole('table', { name: 'Points history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['What', 'Points', 'Balance', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Order placed');
    expect(rows[1]).toHaveTextContent('-500');
  });

  it('when a phone draws a row as a card, then each value carries its column’s words and its place in the card', () => {
    render(<History />);
    const [pointsCell, balanceCell, actionsCell] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    // The stylesheet writes data-label before the value and places the cell by data-phone (data-list.module.css).
    expect(pointsCell).toHaveAttribute('data-label', 'Points');
    expect(pointsCell).toHaveAttribute('data-phone', 'aside');
    expect(balanceCell).toHaveAttribute('data-label', 'Balance');
    expect(balanceCell).toHaveAttribute('data-phone', 'line');
    expect(actionsCell).toHaveAttribute('data-phone', 'actions');
  });

  it('when a column is hidden, then neither its header nor its cells are drawn', () => {
    render(<History withActions={false} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Bill entered' })).not.toBeInTheDocument();
  });

  it('when a row’s Edit is pressed, then that row is the one edited', async () => {
    const onEdit = vi.fn();
    render(<History onEdit={onEdit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Order placed' }));
    expect(onEdit).toHaveBeenCalledWith(entries[1]);
  });
});
