import type { Request, Response } from 'express';
import { csvChunks, xlsxChunks, type ExportFormat, type ExportTable } from './table-export';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file a route answers (an export): declared in place of a JSON schema, streamed by a StreamedAnswer. */
export class FileAnswer {
  constructor(
    readonly mediaTypes: readonly string[],
    readonly description: string,
  ) {}
}

/** What an export route declares it answers (StreamedAnswer.table). */
export const TABLE_FILE_ANSWER = new FileAnswer(
  Object.values(CONTENT_TYPES),
  'The table as an attachment: CSV (format=csv, the default) or an xlsx workbook (format=xlsx)',
);

/** `attachment; filename="…"` with an RFC 5987 copy for names beyond ASCII. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Resolves once the response can take more bytes again, or has closed (the client went away). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A file answer written as it is produced: a handler returns one and the API router calls `send`, like
 * JsonAnswer. The first chunk is awaited before any header is set, so a failure there (a database error)
 * still becomes the usual JSON error; after that a failure can only cut the answer short: the response is
 * destroyed (the client sees a broken download, never a JSON error inside a file) and the failure logged.
 * Writing waits for `drain`, so a slow client holds the reading back rather than filling the memory.
 */
export class StreamedAnswer {
  private readonly whenFinished: (() => void)[] = [];

  constructor(
    readonly contentType: string,
    readonly fileName: string,
    private readonly chunks: AsyncIterable<string | Uint8Array>,
  ) {}

  /** An export of `table` as a CSV or xlsx file named `<name>.<format>`. */
  static table(format: ExportFormat, name: string, table: ExportTable, sheetName: string): StreamedAnswer {
    const chunks = format === 'csv' ? csvChunks(table) : xlsxChunks(table, sheetName);
    return new StreamedAnswer(CONTENT_TYPES[format], `${name}.${format}`, chunks);
  }

  /** Runs `callback` once the answer has been sent, cut short or failed (an export's slot is given back). */
  finally(callback: () => void): this {
    this.whenFinished.push(callback);
    return this;
  }

  async send(req: Request, res: Response, status: number): Promise<void> {
    try {
      await this.write(req, res, status);
    } finally {
      for (const callback of this.whenFinished) callback();
    }
  }

  private async write(req: Request, res: Response, status: number): Promise<void> {
    const iterator = this.chunks[Symbol.asyncIterator]();
    let next = await iterator.next();
    res.status(status);
    res.setHeader('Content-Type', this.contentType);
    res.setHeader('Content-Disposition', attachment(this.fileName));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      while (!next.done) {
        if (res.destroyed) break;
        if (!res.write(next.value)) await drained(res);
        next = await iterator.next();
      }
      if (res.destroyed) {
        await iterator.return?.();
        return;
      }
      res.end();
    } catch (error) {
      req.log.error({ err: error, file: this.fileName }, 'export failed after it began; the answer was cut short');
      res.destroy();
    }
  }
}
