import { utils, write } from '@e965/xlsx';

/** An .xlsx file holding one sheet with these rows (the first row is the header, spec §5). */
export function buildSpreadsheetFile(rows: unknown[][], name = 'customers.xlsx'): File {
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, utils.aoa_to_sheet(rows), 'Customers');
  const data = write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new File([data], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export const CUSTOMER_FILE_HEADER = ['Username', 'Party Name', 'Phone', 'Password'];
