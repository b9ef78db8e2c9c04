import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Uploaded images, at the relative paths items store (contract: "uploads/…" served at /uploads/…). */
export function serveUploads(app: Express, dataDir: string): void {
  app.use('/uploads', express.static(path.resolve(dataDir, 'uploads'), { fallthrough: false, maxAge: '7d' }));
}

/**
 * The built client: hashed assets cached for a year, index.html never cached, and every other GET that is
 * not an API or upload path answered with index.html so client routes survive a reload (history fallback).
 */
export function serveClient(app: Express, clientDistDir: string | undefined): void {
  if (!clientDistDir || !existsSync(path.join(clientDistDir, 'index.html'))) return;
  const indexFile = path.join(clientDistDir, 'index.html');
  app.use('/assets', express.static(path.join(clientDistDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(clientDistDir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/api\/|\/uploads\/).*/, (req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(indexFile);
  });
}
