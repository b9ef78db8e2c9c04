import { Router, type RequestHandler } from 'express';
import { readFileSync } from 'node:fs';

// GET /api/docs (public) - the API reference as a page: a small script of our own reads /api/openapi.json and
// renders it, so the page lives within the Content Security Policy of app.ts (no inline script or style, no
// other origin) without a documentation library. Beside the route table because it answers HTML, not JSON.

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="stylesheet" href="/api/docs/api-docs.css" />
    <script src="/api/docs/api-docs.js" defer></script>
  </head>
  <body>
    <a class="skip" href="#main">Skip to the routes</a>
    <header>
      <h1>API reference</h1>
      <p>
        Every route of the server, generated from its route table. The same description as OpenAPI 3.1:
        <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <details>
        <summary>Error answers</summary>
        <p>Every error answers JSON <code>{ error, message, code, details? }</code> with one of these statuses.</p>
        <dl id="errors"></dl>
      </details>
      <nav aria-label="Features"><ul id="toc"></ul></nav>
      <label for="filter">Filter routes (method, path, role or words)</label>
      <input id="filter" type="search" autocomplete="off" disabled aria-describedby="status" />
      <p id="status" role="status">Loading the reference…</p>
      <noscript><p>This page needs JavaScript; the reference itself is at /api/openapi.json.</p></noscript>
    </header>
    <main id="main" tabindex="-1"></main>
  </body>
</html>
`;

/**
 * The page's own files. Beside this file in the sources; the server build copies them beside its bundle
 * (server/build.mjs), where import.meta.url then points. Read on first use and kept.
 */
function asset(name: string, contentType: string): RequestHandler {
  let body: Buffer | undefined;
  return (_req, res) => {
    body ??= readFileSync(new URL(`./${name}`, import.meta.url));
    res.type(contentType).send(body);
  };
}

/** Mounted at /api/docs by app.ts, before the API router (whose 404 answers every other /api path). */
export function apiDocsPage(): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/api-docs.js', asset('api-docs.js', 'text/javascript; charset=utf-8'));
  router.get('/api-docs.css', asset('api-docs.css', 'text/css; charset=utf-8'));
  return router;
}
