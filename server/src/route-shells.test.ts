import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/http';

// A built client as client/build/route-shells.ts writes it (decision 023): index.html with the early
// requests' inline script, and one page per route with that route's preloads.
const clientDistDir = mkdtempSync(path.join(tmpdir(), 'rewards-shells-'));
const EARLY_SCRIPT = '(function startEarlyRequests(win){win.__earlyRequests={}})(window)';
const page = (preloads: string) =>
  `<!doctype html><html><head><title>Rewards</title><script>${EARLY_SCRIPT}</script>${preloads}</head><body><div id="root"></div></body></html>`;
mkdirSync(path.join(clientDistDir, 'assets'));
mkdirSync(path.join(clientDistDir, 'shells'));
mkdirSync(path.join(clientDistDir, 'icons'));
writeFileSync(path.join(clientDistDir, 'index.html'), page(''));
writeFileSync(path.join(clientDistDir, 'shells', 'user-shop.html'), page('<link rel="modulepreload" href="/assets/shop-1.js">'));
writeFileSync(
  path.join(clientDistDir, 'shells', 'product-id.html'),
  page('<link rel="modulepreload" href="/assets/product-1.js">'),
);
writeFileSync(
  path.join(clientDistDir, 'shells', 'routes.json'),
  JSON.stringify([
    { pattern: '/user/shop', file: 'shells/user-shop.html' },
    { pattern: '/product/:id', file: 'shells/product-id.html' },
  ]),
);
writeFileSync(path.join(clientDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(clientDistDir, 'manifest.webmanifest'), '{"name":"Rewards portal"}');
writeFileSync(path.join(clientDistDir, 'icons', 'icon-192.png'), 'png');

const t = useTestApp({ clientDistDir });

describe('route pages (decision 023): a navigation gets the page naming its route’s files', () => {
  it.each([
    ['/user/shop', 'shop-1.js'],
    ['/user/shop/', 'shop-1.js'],
    ['/product/5f0c1a2b-0000-4000-8000-000000000001', 'product-1.js'],
  ])('when a browser opens %s, then its page preloads %s and is never cached', async (url, file) => {
    const response = await request(t.app).get(url);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain(`href="/assets/${file}"`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/product/a/b', '/user/shopping', '/admin-dashboard', '/nowhere'])(
    'when a browser opens %s (no page of its own), then it gets index.html without preloads',
    async (url) => {
      const response = await request(t.app).get(url);
      expect(response.status).toBe(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.text).not.toContain('modulepreload');
    },
  );

  it('when a route page is asked for with br, then the page still comes (compressed when the build wrote a copy)', async () => {
    const response = await request(t.app).get('/user/shop').set('Accept-Encoding', 'br');
    expect(response.status).toBe(200);
    expect(response.text).toContain('shop-1.js');
  });
});

describe('the inline early-requests script and the Content-Security-Policy', () => {
  it('when any page is served, then script-src allows that script by its sha256 and nothing else inline', async () => {
    const response = await request(t.app).get('/user/shop');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '));
    const hash = createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('files the browser must ask about on every visit', () => {
  it.each(['/sw.js', '/manifest.webmanifest', '/index.html'])('when %s is requested, then it says no-cache', async (url) => {
    const response = await request(t.app).get(url);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('when an icon is requested, then it may be kept an hour', async () => {
    const response = await request(t.app).get('/icons/icon-192.png');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
