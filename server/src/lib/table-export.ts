import { kolkataDate } from '@app/common';
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import { Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

// Contract "Exports": one header row, amounts and points as numbers with 2 decimals, dates in Asia/Kolkata,
// CSV in UTF-8 with a byte-order mark, text that a spreadsheet would run as a formula neutralised, and
// never the whole table in memory: rows arrive in batches and leave as chunks (docs/decisions/018).

/**
 * How a column's values are written. `amount`: a number shown with 2 decimals (INR, points); `count`: a
 * whole number; `date`: a calendar day ('YYYY-MM-DD', or an instant read in Asia/Kolkata); `datetime`: an
 * instant as its Asia/Kolkata date and time; `text`: anything a person typed.
 */
export type ColumnKind = 'text' | 'amount' | 'count' | 'date' | 'datetime';
export type ExportColumn = { header: string; kind: ColumnKind };
export type Cell = string | number | Date | null | undefined;
export type ExportRow = readonly Cell[];
export type ExportTable = { columns: readonly ExportColumn[]; batches: AsyncIterable<readonly ExportRow[]> };
export type ExportFormat = 'csv' | 'xlsx';

const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** 'YYYY-MM-DD HH:MM:SS' in Asia/Kolkata (UTC+05:30 all year, so exact arithmetic). */
function kolkataDateTime(instant: Date): string {
  return new Date(instant.getTime() + KOLKATA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * OWASP "CSV injection": a cell that begins with = + - @ tab or carriage return is read as a formula by
 * spreadsheet programs; a leading apostrophe makes it text. Applied to text cells only (a negative amount
 * stays a number) and in both formats, so a sheet re-saved as CSV stays harmless. Contract "Exports": also
 * when invisible characters (zero-width ones, direction marks, the byte-order mark) or quotes come first, which
 * some programs drop before reading the rest, and for the fullwidth ＝ ＋ － ＠ that some read as their
 * ASCII forms.
 */
const FORMULA_START = /^[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF'"]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as the text a person reads: what CSV writes, and what the xlsx holds for text. */
function cellText(kind: ColumnKind, value: Cell): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'amount':
      return Number(value).toFixed(2);
    case 'count':
      return String(value);
    case 'date':
      return value instanceof Date ? kolkataDate(value) : String(value);
    case 'datetime':
      return value instanceof Date ? kolkataDateTime(value) : String(value);
    case 'text':
      return neutraliseFormula(String(value));
  }
}

// --- CSV (RFC 4180: CRLF lines, fields with a quote, comma or line break quoted, quotes doubled) ---------

const BOM = '\uFEFF';

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * The table as CSV chunks, one per batch. The byte-order mark and header row go out with the first batch,
 * so a failure reading it still answers a JSON error rather than half a file.
 */
export async function* csvChunks(table: ExportTable): AsyncGenerator<string> {
  let pending = BOM + csvLine(table.columns.map((column) => neutraliseFormula(column.header)));
  for await (const batch of table.batches) {
    let text = pending;
    pending = '';
    for (const row of batch) text += csvLine(table.columns.map((column, index) => cellText(column.kind, row[index])));
    yield text;
  }
  if (pending) yield pending;
}

// --- xlsx (Office Open XML, the smallest workbook Excel, LibreOffice and SheetJS open) --------------------

// Characters XML 1.0 cannot hold at all (control characters other than tab and line breaks, lone surrogates
// and U+FFFE/U+FFFF) are dropped rather than making the whole file unreadable.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Excel's serial day number of an instant's Asia/Kolkata wall-clock time (day 25569 = 1970-01-01). */
function excelSerial(instant: Date): number {
  return (instant.getTime() + KOLKATA_OFFSET_MS) / 86_400_000 + 25_569;
}

function calendarSerial(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000 + 25_569;
}

// Cell styles (xl/styles.xml cellXfs): 0 general, 1 header (bold), 2 "0.00", 3 date, 4 date and time.
const STYLE = { header: 1, amount: 2, date: 3, datetime: 4 } as const;

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

function inlineString(reference: string, text: string, style?: number): string {
  const styled = style === undefined ? '' : ` s="${style}"`;
  return `<c r="${reference}"${styled} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function xlsxCell(reference: string, kind: ColumnKind, value: Cell): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'amount' || kind === 'count') {
    const number = Number(value);
    if (!Number.isFinite(number)) return inlineString(reference, String(value));
    return `<c r="${reference}"${kind === 'amount' ? ` s="${STYLE.amount}"` : ''}><v>${number}</v></c>`;
  }
  if (kind === 'date' || kind === 'datetime') {
    const serial =
      value instanceof Date
        ? kind === 'date'
          ? calendarSerial(kolkataDate(value))
          : excelSerial(value)
        : calendarSerial(String(value));
    if (!Number.isFinite(serial)) return inlineString(reference, String(value));
    return `<c r="${reference}" s="${STYLE[kind]}"><v>${serial}</v></c>`;
  }
  return inlineString(reference, cellText(kind, value));
}

function xlsxRow(rowNumber: number, cells: string): string {
  return `<row r="${rowNumber}">${cells}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function workbookFiles(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        `<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
        '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss"/></numFmts>' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
  ];
}

/**
 * A zip entry deflated by Node's zlib on its thread pool, not on the event loop: deflating each batch of the
 * worksheet there held every other request up while an xlsx export ran (issue 30). fflate's Zip writes the
 * headers, the data descriptor (this entry's CRC and sizes, known at its end) and the directory.
 */
class ThreadPoolZipEntry implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly deflate = createDeflateRaw({ level: 6 });

  constructor(readonly filename: string) {
    this.deflate.on('data', (chunk: Buffer) =>
      this.ondata?.(null, new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.length), false),
    );
    this.deflate.on('end', () => this.ondata?.(null, new Uint8Array(0), true));
  }

  terminate = () => {
    this.deflate.destroy();
  };

  /** Hands `data` to zlib; resolves once zlib can take more (its buffer is bounded, like a socket's). */
  async push(data: Uint8Array): Promise<void> {
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (!this.deflate.write(data)) await once(this.deflate, 'drain');
  }

  /** Resolves once the last compressed bytes have gone to the zip. */
  async end(): Promise<void> {
    const ended = once(this.deflate, 'end');
    this.deflate.end();
    await ended;
  }
}

/**
 * The table as an xlsx file, streamed: a zip (fflate) whose one worksheet is deflated on zlib's thread pool as
 * its rows are written (ThreadPoolZipEntry), with inline strings (no shared-strings table, which would have to
 * hold every distinct text until the end). Chunks leave once the first batch has been read.
 */
export async function* xlsxChunks(table: ExportTable, sheetName: string): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const encoder = new TextEncoder();
  for (const [name, text] of workbookFiles(sheetName)) {
    // Deflated, not stored: a stored entry of unknown size (a streamed zip's data descriptor) is one that
    // some readers (SheetJS among them) cannot find the end of. A few hundred bytes each: deflated here.
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  }
  const sheet = new ThreadPoolZipEntry('xl/worksheets/sheet1.xml');
  zip.add(sheet);
  let written = false;
  try {
    const widths = table.columns.map((column) => (column.kind === 'datetime' ? 20 : Math.max(12, column.header.length + 2)));
    const header = table.columns
      .map((column, index) => inlineString(`${columnName(index)}1`, column.header, STYLE.header))
      .join('');
    await sheet.push(
      encoder.encode(
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" state="frozen"/></sheetView></sheetViews>` +
          `<cols>${widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('')}</cols>` +
          `<sheetData>${xlsxRow(1, header)}`,
      ),
    );
    const columnNames = table.columns.map((_column, index) => columnName(index));
    let rowNumber = 1;
    for await (const batch of table.batches) {
      let text = '';
      for (const row of batch) {
        rowNumber += 1;
        let cells = '';
        table.columns.forEach((column, index) => {
          cells += xlsxCell(`${columnNames[index]}${rowNumber}`, column.kind, row[index]);
        });
        text += xlsxRow(rowNumber, cells);
      }
      await sheet.push(encoder.encode(text));
      if (failure) throw failure;
      yield* ready.splice(0);
    }
    await sheet.push(encoder.encode('</sheetData></worksheet>'));
    await sheet.end();
    written = true;
  } finally {
    // A download abandoned or failed: zlib's stream is let go rather than left open.
    if (!written) sheet.terminate();
  }
  zip.end();
  if (failure) throw failure;
  yield* ready.splice(0);
}

/** Maps each batch of rows to export rows. */
export async function* mapBatches<Row>(
  batches: AsyncIterable<Row[]>,
  toRow: (row: Row) => ExportRow,
): AsyncGenerator<ExportRow[]> {
  for await (const batch of batches) yield batch.map(toRow);
}
