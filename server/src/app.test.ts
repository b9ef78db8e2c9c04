import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { settings } from './db/schema';
import { writeSettings } from './features/settings/settings.service';
import { useTestApp } from './test/http';

const clientDistDir = mkdtempSync(path.join(tmpdir(), 'rewards-dist-'));
mkdirSync(path.join(clientDistDir, 'assets'));
writeFileSync(path.join(clientDistDir, 'index.html'), '<!doctype html><title>Rewards</title><div id="root"></div>');
writeFileSync(path.join(clientDistDir, 'assets', 'index-abc123.js'), 'console.log("app")');

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
