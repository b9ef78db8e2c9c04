import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './deps';
import { compressJson } from './lib/compression';
import { errorHandler } from './lib/error-handler';
import { requestLogger } from './lib/request-logger';
import { createApiRouter } from './api-router';
import { apiDocsPage } from './features/api-reference/api-docs.page';
import { createPictureReader } from './features/pictures/pictures.service';
import { routeTable } from './routes';
import { inlineScriptHashes, serveClient, serveUploads } from './static';

/** Builds the Express app without listening, so tests drive it over HTTP with supertest. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are never cached (Cache-Control: no-store below) and the client's files carry their own
  // validators (static.ts): an ETag would be a hash of every body for nothing.
  app.set('etag', false);
  // Contract TRUST_PROXY: only the proxies it names may set X-Forwarded-For; unset, req.ip is the socket's
  // address (sign-in limits count per client address).
  app.set('trust proxy', deps.config.TRUST_PROXY);

  // One line per answered request, and X-Request-Id (lib/request-logger.ts).
  app.use(requestLogger(deps.logger, { ignore: (url) => url === '/api/health' }));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Images come from our own /uploads; Mantine sets inline style attributes.
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          // The client's inline scripts (early requests, the prerendered login's keeper; decision 023), by hash only.
          'script-src': ["'self'", ...inlineScriptHashes(deps.clientDistDir)],
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
        // An export's dated file name (contract "Exports") is read by a client on another origin too.
        exposedHeaders: ['Content-Disposition'],
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
  // The API reference as a page (decision 016); its data, /api/openapi.json, is a route of the table.
  app.use('/api/docs', apiDocsPage());
  // Each route parses its own body, with its own limit or upload (api-router.ts).
  app.use('/api', createApiRouter(deps, routeTable(deps)));
  serveUploads(app, createPictureReader(deps.db), { crossOrigin: deps.config.CORS_ORIGINS.length > 0 });
  serveClient(app, deps.clientDistDir);
  app.use(errorHandler);
  return app;
}
