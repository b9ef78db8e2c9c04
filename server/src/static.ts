import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PictureReader } from './features/pictures/pictures.service';
import { AppError } from './lib/app-error';
import { preferredEncoding } from './lib/compression';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Uploaded images, at the relative paths items store (contract: "uploads/…" served at /uploads/…), read from
 * the database (decision 013) through this server's memory cache. Each is written once under a generated
 * name and never changed (a new picture gets a new name), so browsers may keep it for a year without asking
 * again. With CORS_ORIGINS set, a client hosted elsewhere shows them: helmet's
 * `Cross-Origin-Resource-Policy: same-origin` would make the browser refuse every picture there. A name no
 * picture has, or one not stored, is 404 in the contract's error shape; the database away is 503.
 */
export function serveUploads(app: Express, pictures: PictureReader, options: { crossOrigin: boolean }): void {
  app.use('/uploads', async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // req.path is still percent-encoded: "%2e%2e", "%00" and the like never match a picture's name.
    const picture = await pictures.read(req.path.slice(1));
    if (!picture) throw new AppError('NOT_FOUND', 'Not found');
    res.set({
      'Content-Type': picture.contentType,
      'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
      'Last-Modified': picture.createdAt.toUTCString(),
      ETag: `"${picture.bytes.length.toString(16)}-${picture.createdAt.getTime().toString(16)}"`,
    });
    if (options.crossOrigin) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // res.send answers 304 to a matching If-None-Match or If-Modified-Since, and sends no body to HEAD.
    res.send(picture.bytes);
  });
}

/** What the client build (client/build/precompress.ts) writes `.br` and `.gz` copies of. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

type SendOptions = { maxAge?: string; immutable?: boolean };

/**
 * Sends `file` (relative to `root`) as its precompressed `.br` or `.gz` copy when the request accepts that
 * encoding and the copy exists, with the original Content-Type and `Vary: Accept-Encoding`; otherwise (no
 * copy: small or incompressible file, or a copy that went away) calls `fallback`, which sends it as it is.
 */
function sendVariant(req: Request, res: Response, root: string, file: string, options: SendOptions, fallback: () => void): void {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(file)) return fallback();
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return fallback();
  res.type(path.extname(file));
  res.setHeader('Content-Encoding', encoding);
  // `root` makes send refuse `..` and dotfiles in the (still URL-encoded) path, as express.static does.
  res.sendFile(file + SUFFIX[encoding], { root, dotfiles: 'ignore', ...options }, (error) => {
    if (!error || res.headersSent) return;
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Type');
    fallback();
  });
}

/** Middleware in front of express.static: the precompressed copy of the requested file when there is one. */
function precompressed(root: string, options: SendOptions) {
  return (req: Request, res: Response, next: NextFunction) => sendVariant(req, res, root, req.path.slice(1), options, next);
}

/**
 * The CSP sources that allow the client's inline scripts (index.html's early requests and the prerendered
 * login's keeper, decision 023): each one's sha256, read from the built page, so nothing else inline can run.
 * None without a build.
 */
export function inlineScriptHashes(clientDistDir: string | undefined): string[] {
  const indexFile = clientDistDir && path.join(clientDistDir, 'index.html');
  if (!indexFile || !existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`,
  );
}

/** Files a browser must ask about every time: the page itself, the service worker and the app's manifest. */
const ALWAYS_REVALIDATE = /^\/(?:index\.html|sw\.js|manifest\.webmanifest)$/;

/**
 * The built client: hashed assets cached for a year, index.html never cached, and every other GET that is
 * not an API or upload path answered with index.html so client routes survive a reload (history fallback).
 * Text files go Brotli- or gzip-compressed when the build wrote a copy and the browser accepts it; a
 * `.br`/`.gz` file requested by its own name goes as a plain binary download (no Content-Encoding).
 */
export function serveClient(app: Express, clientDistDir: string | undefined): void {
  if (!clientDistDir || !existsSync(path.join(clientDistDir, 'index.html'))) return;
  const assetsDir = path.join(clientDistDir, 'assets');
  const assetOptions = { immutable: true, maxAge: '1y' };
  app.use('/assets', precompressed(assetsDir, assetOptions));
  app.use('/assets', express.static(assetsDir, { ...assetOptions, fallthrough: false }));
  // The page, the service worker and the manifest are asked about on every visit (a deploy shows at once);
  // other files of the build's root (icons, favicon) may be kept an hour.
  const revalidatedFiles = {
    precompressed: precompressed(clientDistDir, {}),
    plain: express.static(clientDistDir, { index: false, cacheControl: false }),
  };
  const hourFiles = {
    precompressed: precompressed(clientDistDir, { maxAge: '1h' }),
    plain: express.static(clientDistDir, { index: false, maxAge: '1h' }),
  };
  const filesFor = (req: Request) => (ALWAYS_REVALIDATE.test(req.path) ? revalidatedFiles : hourFiles);
  app.use((req, res, next) => {
    if (ALWAYS_REVALIDATE.test(req.path)) res.set('Cache-Control', 'no-cache');
    next();
  });
  app.use((req, res, next) => filesFor(req).precompressed(req, res, next));
  app.use((req, res, next) => filesFor(req).plain(req, res, next));
  const indexFile = path.join(clientDistDir, 'index.html');
  app.get(/^(?!\/api\/|\/uploads\/).*/, (req, res) => {
    res.set('Cache-Control', 'no-cache');
    sendVariant(req, res, clientDistDir, 'index.html', {}, () => res.sendFile(indexFile));
  });
}
