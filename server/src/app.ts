import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './deps';
import { compressJson } from './lib/compression';
import { errorHandler } from './lib/error-handler';
import { safeError } from './lib/logger';
import { createApiRouter } from './api-router';
import { routeTable } from './routes';
import { serveClient, serveUploads } from './static';

/** Builds the Express app without listening, so tests drive it over HTTP with supertest. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Contract TRUST_PROXY: only the proxies it names may set X-Forwarded-For; unset, req.ip is the socket's
  // address (sign-in limits count per client address).
  app.set('trust proxy', deps.config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // 503: the database is away (logged once more at warn by the error handler), not a bug of ours.
      customLogLevel: (_req, res, error) => (res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info'),
      // One short line per request: no headers (they carry tokens), the error code when there was one.
      serializers: {
        err: safeError,
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customProps: (_req, res) => {
        const errorCode: unknown = res.locals.errorCode;
        return typeof errorCode === 'string' ? { errorCode } : {};
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Images come from our own /uploads; Mantine sets inline style attributes.
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          // The product may be served over plain HTTP on a local network; do not force https sub-requests.
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  if (deps.config.CORS_ORIGINS.length > 0) {
    const allowed = new Set(deps.config.CORS_ORIGINS);
    app.use(
      '/api',
      cors({
        origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
        maxAge: 600,
      }),
    );
  }
  // Answers carry signed-in data: no browser or proxy may keep a copy (issue 7, finding 9).
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // JSON answers of 1 KB and more go Brotli- or gzip-compressed when the client accepts it (lib/compression.ts).
  app.use('/api', compressJson());
  // Each route parses its own body, with its own limit or upload (api-router.ts).
  app.use('/api', createApiRouter(deps, routeTable(deps)));
  serveUploads(app, deps.config.DATA_DIR);
  serveClient(app, deps.clientDistDir);
  app.use(errorHandler);
  return app;
}
