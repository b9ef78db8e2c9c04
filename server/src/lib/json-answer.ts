import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { JSON_COMPRESSION_THRESHOLD, preferredEncoding, type ContentEncoding } from './compression';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An answer already serialised, for a body many requests share (the catalogue): a handler returns one and
 * the API router sends its bytes as they are, compressed once per encoding rather than stringified and
 * compressed on every request.
 */
export class JsonAnswer {
  readonly body: Buffer;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value), 'utf8');
  }

  private encodedAs(encoding: ContentEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                // Brotli 5: within a few per cent of 11 on JSON, at a small fraction of its time.
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipAsync(this.body, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** Sends the answer with the encoding the request prefers (lib/compression.ts rules), else as it is. */
  async send(req: Request, res: Response, status: number): Promise<void> {
    res.status(status).type('application/json; charset=utf-8');
    if (this.body.length < JSON_COMPRESSION_THRESHOLD) {
      res.send(this.body);
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = req.method === 'HEAD' ? undefined : preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) {
      res.send(this.body);
      return;
    }
    const body = await this.encodedAs(encoding);
    // compressJson (lib/compression.ts) leaves a body alone once Content-Encoding is set.
    res.setHeader('Content-Encoding', encoding);
    res.send(body);
  }
}

/**
 * One JsonAnswer kept for `ttlMs`, rebuilt by `load` when older or dropped. The process that changes what it
 * holds calls `invalidate()` (after the change commits), so its own next request sees the change; another
 * server process on the same database sees it within `ttlMs`. For public answers that may be that stale.
 */
export function cachedJsonAnswer({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }) {
  let current: { answer: Promise<JsonAnswer>; loadedAt: number; generation: number } | undefined;
  let previous: JsonAnswer | undefined;
  let generation = 0;
  // An unchanged answer keeps its object, and with it the compressed copies already made.
  const keepIfUnchanged = (answer: JsonAnswer) => {
    if (previous?.body.equals(answer.body)) return previous;
    previous = answer;
    return answer;
  };
  return {
    get(load: () => Promise<unknown>): Promise<JsonAnswer> {
      const time = now();
      if (current && current.generation === generation && time - current.loadedAt < ttlMs) return current.answer;
      const entry = {
        answer: load().then((value) => keepIfUnchanged(new JsonAnswer(value))),
        loadedAt: time,
        generation,
      };
      current = entry;
      // A failed load is not kept: the next request tries again.
      entry.answer.catch(() => {
        if (current === entry) current = undefined;
      });
      return entry.answer;
    },
    invalidate() {
      generation += 1;
    },
  };
}
