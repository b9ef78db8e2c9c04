import { MAX_IMPORT_ROWS, type CreateCustomerInput } from '@app/common';
import type { WorkSheet } from '@e965/xlsx';
import type { MessageId } from '../../../../lib/i18n/catalogs';

/** One customer row of the file, with the row number the admin sees in their spreadsheet program. */
export type ImportRow = { rowNumber: number; values: CreateCustomerInput };

/** Why a file cannot be imported: a message id whose text names the file ({name}; {max} rows at most). */
export type FileProblem = { id: MessageId; name: string };

export type ReadCustomerFileResult = { ok: true; rows: ImportRow[] } | { ok: false; problem: FileProblem };

/** Spec §9: the upload accepts .xlsx and .xls. */
export const CUSTOMER_FILE_ACCEPT = '.xlsx,.xls';
const EXTENSIONS = ['.xlsx', '.xls'];
/** Far above a full file of MAX_IMPORT_ROWS rows (well under a megabyte); stops a wrong pick from freezing the tab. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Spec §5: columns in order username, party name, phone, password (A to D). */
const COLUMN_COUNT = 4;

/** Spreadsheet programs store numbers (phone 9876543210, password 12345678) as numbers; the API wants text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  // SheetJS gives only the kinds above for cell values; anything else is not text a person typed.
  return '';
}

/**
 * Reads the first sheet of an .xlsx or .xls file in the browser (spec §5 Bulk customer upload): the first
 * row is the header and is skipped; fully empty rows are ignored. SheetJS is loaded only now, when a file has
 * been picked: it is large, and no other screen needs it.
 */
export async function readCustomerFile(file: File): Promise<ReadCustomerFileResult> {
  const name = file.name;
  if (!EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension))) {
    return { ok: false, problem: { id: 'import.file.notExcel', name } };
  }
  if (file.size === 0) return { ok: false, problem: { id: 'import.file.empty', name } };
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, problem: { id: 'import.file.tooLarge', name } };
  }

  const [data, XLSX] = await Promise.all([file.arrayBuffer(), import('@e965/xlsx')]);
  let sheet: WorkSheet | undefined;
  try {
    const workbook = XLSX.read(data, {
      type: 'array',
      dense: true,
      sheets: 0,
      // Reading stops a little past the limit, so a sheet with a million rows cannot freeze the page.
      sheetRows: MAX_IMPORT_ROWS * 2,
      cellHTML: false,
      cellText: false,
    });
    // `sheets: 0` above reads only the first sheet; a workbook without any leaves `sheet` undefined (no rows).
    const [firstSheetName] = workbook.SheetNames;
    sheet = firstSheetName === undefined ? undefined : workbook.Sheets[firstSheetName];
  } catch {
    return { ok: false, problem: { id: 'import.file.unreadable', name } };
  }

  const noRows: ReadCustomerFileResult = { ok: false, problem: { id: 'import.file.noRows', name } };
  if (!sheet?.['!ref']) return noRows;

  const range = XLSX.utils.decode_range(sheet['!ref']);
  // '!fullref' (the extent before sheetRows cut it) is not in SheetJS's types.
  const fullRef: unknown = sheet['!fullref'];
  const fullRange = typeof fullRef === 'string' ? XLSX.utils.decode_range(fullRef) : range;
  if (fullRange.e.r > range.e.r) {
    return { ok: false, problem: { id: 'import.file.tooManyRows', name } };
  }
  // Columns count from A even when column A is empty, so "username" is always column A.
  const columns = { s: { r: range.s.r, c: 0 }, e: { r: range.e.r, c: COLUMN_COUNT - 1 } };
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    range: columns,
    blankrows: true,
    defval: null,
    raw: true,
  });

  const rows: ImportRow[] = [];
  // table[0] is the header row, the first row of the sheet's used range.
  table.forEach((cells, index) => {
    if (index === 0) return;
    // A short row (trailing cells empty) reads its missing cells as ''.
    const cell = (column: number) => cellText(cells[column]);
    const values = { username: cell(0), partyName: cell(1), phoneNumber: cell(2), password: cell(3) };
    if (Object.values(values).every((value) => value.trim() === '')) return;
    rows.push({ rowNumber: range.s.r + index + 1, values });
  });

  if (rows.length === 0) return noRows;
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, problem: { id: 'import.file.tooManyRows', name } };
  return { ok: true, rows };
}
