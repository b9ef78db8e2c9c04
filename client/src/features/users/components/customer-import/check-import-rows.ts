import { createCustomerSchema, type FieldProblem } from '@app/common';
import type { MessageId } from '../../../../lib/i18n/catalogs';
import type { ImportRow } from './read-customer-file';

/**
 * A row's problem: the schema's or the server's message (shown through localizeMessage), or one found here,
 * which carries its own message id so it reads in the current language (`message` stays the English text).
 */
export type RowProblem = FieldProblem & { text?: { id: MessageId; values: Record<string, string | number> } };

export type CheckedRow = ImportRow & {
  /** Position in the file's rows, which is also the row's index in the request (server details use it). */
  index: number;
  problems: RowProblem[];
};

/** How many other row numbers a duplicate message names before it only counts the rest. */
const ROWS_NAMED = 5;

function sameRowsProblem(otherRows: number[]): RowProblem {
  const named = otherRows.slice(0, ROWS_NAMED).join(', ');
  const more = otherRows.length - ROWS_NAMED;
  const text: RowProblem['text'] =
    more > 0
      ? { id: 'import.sameUsernameMore', values: { rows: named, more } }
      : { id: 'import.sameUsername', values: { count: otherRows.length, rows: named } };
  const message = `The same username is also on ${otherRows.length === 1 ? 'row' : 'rows'} ${named}${more > 0 ? ` and ${more} more` : ''}`;
  return { field: 'username', message, text };
}

/**
 * The problems the server would report, found before anything is sent: each row against the add-customer
 * schema, and usernames repeated inside the file (contract "Users": unique regardless of case, trimmed).
 * Usernames already in the database are only known to the server; its 400 details are merged in later.
 */
export function checkImportRows(rows: ImportRow[]): CheckedRow[] {
  const rowNumbersByUsername = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.values.username.trim().toLowerCase();
    if (key === '') continue;
    const rowNumbers = rowNumbersByUsername.get(key);
    if (rowNumbers) rowNumbers.push(row.rowNumber);
    else rowNumbersByUsername.set(key, [row.rowNumber]);
  }

  return rows.map((row, index) => {
    const problems: RowProblem[] = [];
    const parsed = createCustomerSchema.safeParse(row.values);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        problems.push({ field, message: issue.message });
      }
    }
    const sameUsername = rowNumbersByUsername.get(row.values.username.trim().toLowerCase());
    if (sameUsername && sameUsername.length > 1) {
      problems.push(sameRowsProblem(sameUsername.filter((rowNumber) => rowNumber !== row.rowNumber)));
    }
    return { ...row, index, problems };
  });
}
