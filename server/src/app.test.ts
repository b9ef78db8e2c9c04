import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { items, settings } from './db/schema';
import { writeSettings } from './features/settings/settings.service';
import { useTestApp } from './test/http';

const clientDistDir = mkdtempSync(path.join(tmpdir(), 'rewards-dist-'));
mkdirSync(path.join(clientDistDir, 'assets'));
const INDEX_HTML = '<!doctype html><title>Rewards</title><div id="root"></div>';
writeFileSync(path.join(clientDistDir, 'index.html'), INDEX_HTML);
writeFileSync(path.join(clientDistDir, 'assets', 'index-abc123.js'), 'console.log("app")');
// The build's precompressed copies (client/build/precompress.ts); each says which one was sent.
writeFileSync(path.join(clientDistDir, 'index.html.br'), brotliCompressSync(`${INDEX_HTML}<!-- br -->`));
writeFileSync(path.join(clientDistDir, 'index.html.gz'), gzipSync(`${INDEX_HTML}<!-- gzip -->`));
writeFileSync(path.join(clientDistDir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app") // br'));
writeFileSync(path.join(clientDistDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app") // gzip'));

const t = useTestApp({
  clientDistDir,
  config: {
    CORS_ORIGINS: 'https://partners.example.com',
    PRODUCT_NAME: 'Shree Rewards',
    SUPPORT_CONTACTS: JSON.stringify([
      { name: 'Asha', role: 'Orders', phone: '+91 98290 00001' },
      { name: 'Ravi', role: 'Accounts', phone: '+91 98290 00002' },
      { name: 'Meena', role: 'Cancellations', phone: '+91 98290 00003' },
    ]),
  },
});

describe('GET /api/health', () => {
  it('when the database answers, then 200 { status: "ok" } with a request id', async () => {
    const response = await request(t.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});

const CONTACTS = [
  { name: 'Asha', role: 'Orders', phone: '+91 98290 00001' },
  { name: 'Ravi', role: 'Accounts', phone: '+91 98290 00002' },
  { name: 'Meena', role: 'Cancellations', phone: '+91 98290 00003' },
];

describe('GET /api/settings/public', () => {
  it('when asked without signing in, then it answers the stored product name and the three contacts', async () => {
    await writeSettings(t.db, { productName: 'Shree Rewards Club', supportContacts: CONTACTS }, null);
    const response = await request(t.app).get('/api/settings/public');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ productName: 'Shree Rewards Club', supportContacts: CONTACTS });
  });

  it('when a stored value is malformed, then the configured default answers instead of it', async () => {
    await t.db.update(settings).set({ value: 42 }).where(eq(settings.key, 'productName'));
    await t.db
      .update(settings)
      .set({ value: [{ name: 'only one' }] })
      .where(eq(settings.key, 'supportContacts'));
    const response = await request(t.app).get('/api/settings/public');
    // PRODUCT_NAME and SUPPORT_CONTACTS of this file's configuration.
    expect(response.body).toEqual({ productName: 'Shree Rewards', supportContacts: CONTACTS });
  });
});

describe('serving the client', () => {
  it.each(['/', '/user/shop', '/superadmin-dashboard', '/product/123'])(
    'when a browser opens %s, then it gets index.html, never cached',
    async (url) => {
      const response = await request(t.app).get(url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('when a hashed asset is requested, then it is cached for a year; a missing one is 404', async () => {
    const asset = await request(t.app).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000/);
    expect((await request(t.app).get('/assets/missing.js')).status).toBe(404);
  });

  it('when an API path is unknown, then it is a JSON 404, not the app page', async () => {
    const response = await request(t.app).get('/api/user/nothing');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('compression', () => {
  const asset = (acceptEncoding: string) => request(t.app).get('/assets/index-abc123.js').set('Accept-Encoding', acceptEncoding);

  it('when the browser accepts br, then the Brotli copy goes with the original type, Vary and a year of caching', async () => {
    const response = await asset('gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.text).toBe('console.log("app") // br');
  });

  it('when it accepts only gzip, or br with q=0, then the gzip copy goes', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const response = await asset(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toMatch(/immutable/);
      expect(response.text).toBe('console.log("app") // gzip');
    }
  });

  it('when it accepts neither (identity, q=0 or a name we do not write), then the file goes as it is', async () => {
    for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate']) {
      const response = await asset(acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(response.text).toBe('console.log("app")');
    }
  });

  it('when a client route is opened, then the fallback index.html is compressed too and still never cached', async () => {
    const br = await request(t.app).get('/user/shop').set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.text).toBe(`${INDEX_HTML}<!-- br -->`);
    const gzip = await request(t.app).get('/').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    const identity = await request(t.app).get('/').set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(INDEX_HTML);
  });

  it('when a compressed copy is asked for by its own name, then it goes as a plain binary, never as the script', async () => {
    const response = await request(t.app).get('/assets/index-abc123.js.gz').set('Accept-Encoding', 'identity');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/gzip');
  });

  it('when a large JSON answer is asked for with gzip or br, then it comes compressed, uncached, and decodes to the same JSON', async () => {
    await t.db.insert(items).values(
      Array.from({ length: 40 }, (_, i) => ({
        name: `Item ${i}`,
        description: `<p>A useful thing, number ${i}</p>`,
        pointsRequired: 100 * (i + 1),
        stock: i,
      })),
    );
    const plain = await request(t.app).get('/api/item').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    for (const encoding of ['gzip', 'br']) {
      const response = await request(t.app).get('/api/item').set('Accept-Encoding', encoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(Number(response.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
      expect(response.body).toEqual(plain.body);
    }
  });

  it('when a JSON answer is small, or an error, then it goes uncompressed and unchanged', async () => {
    const health = await request(t.app).get('/api/health').set('Accept-Encoding', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.body).toEqual({ status: 'ok' });
    const missing = await request(t.app).get('/api/user/nothing').set('Accept-Encoding', 'gzip, br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});

describe('security headers and CORS', () => {
  it('when any page is served, then helmet’s headers are set and Express is not announced', async () => {
    const response = await request(t.app).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('when an allowed origin calls, then CORS allows it; another origin gets no allowance', async () => {
    const allowed = await request(t.app)
      .options('/api/auth/login')
      .set('Origin', 'https://partners.example.com')
      .set('Access-Control-Request-Method', 'POST');
    const refused = await request(t.app)
      .options('/api/auth/login')
      .set('Origin', 'https://evil.example.net')
      .set('Access-Control-Request-Method', 'POST');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partners.example.com');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
