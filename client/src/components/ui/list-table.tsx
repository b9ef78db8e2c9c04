import { Button, Group, Table, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a ListTable: its header's words, and whether it holds numbers (right-aligned, as NumberCell). */
export type ListColumn = { label: string; number?: boolean };

type ListTableProps = {
  /** Names the table and its scrolling box for screen readers. */
  label: string;
  /** Below this width the table scrolls sideways inside its own box; the page never does. */
  minWidth: number;
  /** The header's cells, in order; each header is a Th with scope="col". */
  columns: ListColumn[];
  /** The rows (Table.Tr). */
  children: ReactNode;
};

/**
 * The table of a staff list (bills, items): striped, compact, its header on one line. The scrolling box is
 * focusable and named so keyboard users can scroll it sideways on a phone (WCAG scrollable region).
 */
export function ListTable({ label, minWidth, columns, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.number ? 'right' : undefined}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A number's cell (amounts, points, stock): right-aligned and on one line, as its column's header is. */
export function NumberCell(props: TableTdProps) {
  return <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} {...props} />;
}

type EditDeleteCellProps = {
  /** The buttons' words ("Edit", "Delete"). */
  editText: string;
  deleteText: string;
  /** Their names for screen readers, naming the row ("Edit bill INV-7"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** The last cell of a bill's or an item's row: Edit, and Delete in red (it asks before deleting). */
export function EditDeleteCell({ editText, deleteText, editLabel, deleteLabel, onEdit, onDelete }: EditDeleteCellProps) {
  return (
    <Table.Td>
      <Group gap="xs" wrap="nowrap">
        <Button size="compact-sm" variant="default" aria-label={editLabel} onClick={onEdit}>
          {editText}
        </Button>
        <Button size="compact-sm" variant="default" c="red.9" aria-label={deleteLabel} onClick={onDelete}>
          {deleteText}
        </Button>
      </Group>
    </Table.Td>
  );
}
