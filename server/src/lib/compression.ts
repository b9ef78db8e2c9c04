import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: the one with the higher q-value, Brotli on
 * a tie, none when neither is accepted (absent, or q=0). A `*` covers whichever of the two is not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q=/i.test(param));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name.toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = quality.get('*') ?? 0;
  const br = quality.get('br') ?? wildcard;
  const gz = quality.get('gzip') ?? quality.get('x-gzip') ?? wildcard;
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses JSON answers of at least `threshold` bytes when the client accepts br or gzip (Brotli at a fast
 * quality, off the event loop). It wraps `res.send` for this response only, so `res.json`, the error handler,
 * status codes and headers set earlier (Cache-Control) behave as before; other bodies pass untouched.
 */
export function compressJson({ threshold = JSON_COMPRESSION_THRESHOLD } = {}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const type = res.getHeader('Content-Type');
      const isJson = typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
      if (!isJson || (typeof body !== 'string' && !Buffer.isBuffer(body)) || res.getHeader('Content-Encoding')) {
        return send(body);
      }
      const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      if (raw.length < threshold || res.statusCode === 204 || res.statusCode === 304) return send(body);
      res.vary('Accept-Encoding');
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (!encoding || req.method === 'HEAD') return send(body);
      const done = (error: Error | null, compressed: Buffer) => {
        // Something answered meanwhile (a bug elsewhere): never write twice, which would throw here.
        if (res.headersSent) return;
        if (error) return void send(body);
        // A Buffer body gets no charset from Express: keep the one a string body would have had.
        if (typeof body === 'string' && !/charset=/i.test(type)) res.setHeader('Content-Type', `${type}; charset=utf-8`);
        res.setHeader('Content-Encoding', encoding);
        send(compressed);
      };
      if (encoding === 'br') {
        brotliCompress(
          raw,
          { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } },
          done,
        );
      } else {
        gzip(raw, { level: 6 }, done);
      }
      return res;
    };
    next();
  };
}
