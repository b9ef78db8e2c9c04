import type { ReactNode } from 'react';
import classes from './data-list.module.css';
import { RowButton } from './row-controls';

/**
 * Where a column's cell sits in a row's card on a phone (below 48em; contract "Every screen on a phone"):
 * - `line` (default): its own line, the column's words on the left and the value on the right;
 * - `aside`: beside the row's name, at the card's top right (the number the row is for: points, a status);
 * - `block`: a line of its own without the column's words (a description, a sentence);
 * - `actions`: the card's foot, the row's buttons, without the column's words.
 */
export type PhonePlace = 'line' | 'aside' | 'block' | 'actions';

/** A column of a DataList. */
export type DataColumn<Row> = {
  /** The header's words, and on a phone the words before the value. */
  label: string;
  /** What the row's cell shows. */
  cell: (row: Row) => ReactNode;
  /** Numbers (amounts, points, stock): right-aligned and on one line. */
  number?: boolean;
  /** Kept on one line (dates, phone numbers). */
  nowrap?: boolean;
  phone?: PhonePlace;
  /** Left out of the list (a column only some roles see). */
  hidden?: boolean;
};

type DataListProps<Row> = {
  /** Names the list for screen readers ("Bills", "Points history"). */
  label: string;
  /**
   * In a wide screen's order; the first is the row's name: a row header on a wide screen, the card's title on a
   * phone. A phone's card places the others by their `phone` place, whatever their order.
   */
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
};

/**
 * Every list of the product: a striped table on a wide screen and, below 48em, each row a card that shows what
 * the row is for without scrolling sideways (its name, its numbers, its actions). One table in the page, drawn
 * differently by CSS alone (data-list.module.css): nothing is measured or drawn twice, so a phone's list neither
 * flashes as a table first nor moves when a script decides its width.
 *
 * Plain table elements and the browser's own controls (row-controls.tsx), not Mantine's table: twenty rows of
 * Mantine's cells and buttons were the dashboards' largest render on a slow phone (issue 29). The roles are
 * written out because a table drawn as cards (display: grid) loses its table semantics in some browsers.
 */
export function DataList<Row>({ label, columns, rows, rowKey }: DataListProps<Row>) {
  const shown = columns.filter((column) => !column.hidden);
  const [nameColumn, ...otherColumns] = shown;
  if (!nameColumn) return null;
  return (
    <table className={classes.table} role="table" aria-label={label}>
      <thead role="rowgroup">
        <tr role="row">
          {shown.map((column) => (
            <th key={column.label} scope="col" role="columnheader" data-number={column.number || undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row">
            <th scope="row" role="rowheader">
              {nameColumn.cell(row)}
            </th>
            {otherColumns.map((column) => (
              <td
                key={column.label}
                role="cell"
                data-label={column.label}
                data-phone={column.phone ?? 'line'}
                data-number={column.number || undefined}
                data-nowrap={column.nowrap || undefined}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Buttons of a row's actions cell, in a line that wraps on a phone. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}

type EditDeleteActionsProps = {
  /** The buttons' words ("Edit", "Delete"). */
  editText: string;
  deleteText: string;
  /** Their names for screen readers, naming the row ("Edit bill INV-7"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** Edit, and Delete in red (it asks before deleting): a bill's, an item's or a campaign's actions. */
export function EditDeleteActions({ editText, deleteText, editLabel, deleteLabel, onEdit, onDelete }: EditDeleteActionsProps) {
  return (
    <RowActions>
      <RowButton aria-label={editLabel} onClick={onEdit}>
        {editText}
      </RowButton>
      <RowButton danger aria-label={deleteLabel} onClick={onDelete}>
        {deleteText}
      </RowButton>
    </RowActions>
  );
}

/** A name with a small dimmed line under it (a user's email, a record's detail). */
export function SubLine({ children }: { children: ReactNode }) {
  return <span className={classes.subLine}>{children}</span>;
}
