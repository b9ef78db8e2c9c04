import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * One short line per request once it is answered (4xx at info, 5xx at error, 503 at warn: the database away
 * is no bug of ours), with the request id that also goes back in X-Request-Id: no headers (they carry
 * tokens), the error code when there was one (set by the error handler in res.locals). `req.log` is a child
 * logger with the request id, made only when something logs through it.
 *
 * It replaced pino-http, which built a child logger and its serializers for every request even when request
 * lines were not logged: a seventh of a catalogue request's CPU (issue 8).
 */
export function requestLogger(logger: Logger, { ignore }: { ignore?: (url: string) => boolean } = {}): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ reqId: id })),
    });

    if (ignore?.(req.url)) return next();
    const startedAt = performance.now();
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status === 503 ? 'warn' : status >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const errorCode: unknown = res.locals.errorCode;
      logger[level](
        {
          reqId: id,
          req: { method: req.method, url: req.originalUrl },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - startedAt),
          ...(typeof errorCode === 'string' ? { errorCode } : {}),
        },
        'request completed',
      );
    });
    next();
  };
}
