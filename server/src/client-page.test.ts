import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/http';

// A built client (decision 023): index.html with the early requests' inline script.
const clientDistDir = mkdtempSync(path.join(tmpdir(), 'rewards-client-page-'));
const EARLY_SCRIPT = '(function startEarlyRequests(win){win.__earlyRequests={}})(window)';
const PAGE = `<!doctype html><html><head><title>Rewards</title><script>${EARLY_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
mkdirSync(path.join(clientDistDir, 'assets'));
mkdirSync(path.join(clientDistDir, 'icons'));
writeFileSync(path.join(clientDistDir, 'index.html'), PAGE);
writeFileSync(path.join(clientDistDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(clientDistDir, 'manifest.webmanifest'), '{"name":"Rewards portal"}');
writeFileSync(path.join(clientDistDir, 'icons', 'icon-192.png'), 'png');

const t = useTestApp({ clientDistDir });

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
