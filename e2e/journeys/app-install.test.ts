import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../browser';
import { freePort } from '../server-process';
import { openPage, signIn, useBrowser, useOwnServer } from './helpers';

// Issue 19: the portal as an installable app whose service worker (client/src/service-worker/sw.ts, decision
// 025) keeps the shell and every screen's code, so a dealer's second visit paints before the network answers;
// API answers and pictures never enter Cache Storage; a new deploy takes over at the next navigation.

const browser = useBrowser();
// Its own server: the shop shows seeded items with pictures, so /uploads/ requests are really made.
const own = useOwnServer('app-install', browser, { catalogueItems: 8 });
const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'client', 'dist');

/** A phone's page that lets workers run, and records what the Content Security Policy refuses. */
async function openWithWorkers(baseUrl: string) {
  const opened = await openPage(browser(), baseUrl, VIEWPORTS.phone, { serviceWorkers: 'allow' });
  await opened.context.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return opened;
}

/**
 * The worker answers every screen with the index.html it stored, headers included: the policy that came with
 * it must allow the page's inline scripts wherever it is replayed.
 */
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Resolves once a worker is active for the page and controls it (sw.ts claims open pages on activation). */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * The names in Cache Storage, read without opening any: `caches.open` of a name the worker has just deleted
 * would create that cache again (empty), and a clean-up that already ran would never see it.
 */
function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

/** Every URL in Cache Storage, by cache name, read in the page as the worker would (only while no worker changes it). */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      byCache[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });
}

const signInAsCustomer = async (page: Page) => {
  await signIn(page, own.users.customer.username, own.users.customer.password);
  await page.waitForURL('**/user/shop');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
};

describe('the installable app (issue 19)', () => {
  it('when / is first opened, then the page names its manifest, a worker registers and caches the shell; offline, the login screen still opens', async () => {
    const { context, page } = await openWithWorkers(own.baseUrl);
    await page.goto('/');
    await expect.poll(() => page.getByText('Login To Earn Rewards!').isVisible()).toBe(true);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1971c2');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; display: string };
    expect(manifest).toMatchObject({ name: 'Rewards portal', display: 'standalone' });

    await workerControls(page);
    const entryScript = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const caches = await cachedUrls(page);
    const shell = Object.keys(caches).find((name) => name.startsWith('shell-'));
    expect(shell).toBeDefined();
    expect(caches[shell!]).toEqual(expect.arrayContaining(['/index.html', entryScript, '/manifest.webmanifest']));

    // A second visit with no network: the worker answers the page and its code from Cache Storage.
    await context.setOffline(true);
    const second = await context.newPage();
    const failed: string[] = [];
    second.on('requestfailed', (failure) => failed.push(new URL(failure.url()).pathname));
    let loads = 0;
    second.on('load', () => loads++);
    await second.goto('/');
    await expect.poll(() => second.getByText('Login To Earn Rewards!').isVisible()).toBe(true);
    await expect.poll(() => second.getByLabel('Username').isVisible()).toBe(true);
    await screenshot(second, 'app-install-offline-login');
    // Only the data is missing (the public settings); the code, the favicon and the manifest came from the cache,
    // and the page did not reload itself looking for a chunk.
    expect(failed.filter((url) => !url.startsWith('/api/'))).toEqual([]);
    expect(loads).toBe(1);
    expect(await cspViolations(second)).toEqual([]);
    await context.close();
  });

  it('when a customer opens the shop twice, then its code is kept and came from the worker; no API answer or picture is in Cache Storage', async () => {
    const { context, page } = await openWithWorkers(own.baseUrl);
    await page.goto('/');
    await workerControls(page);
    await signInAsCustomer(page);

    // The second visit: the page and the screen's code come from the worker, the data from the server.
    const fromWorker: Record<string, boolean> = {};
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/user/shop' || /^\/(?:assets|api|uploads)\//.test(pathname))
        fromWorker[pathname] = response.fromServiceWorker();
    });
    await page.goto('/user/shop');
    await expect.poll(() => page.locator('img[src^="/uploads/"]').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((image) => image.src.includes('/uploads/'))
            .every((image) => image.complete),
        ),
      )
      .toBe(true);

    const shopChunk = Object.keys(fromWorker).find((url) => /^\/assets\/shop-[\w-]+\.js$/.test(url));
    expect(shopChunk).toBeDefined();
    expect(fromWorker['/user/shop']).toBe(true);
    expect(fromWorker[shopChunk!]).toBe(true);
    const dataRequests = Object.entries(fromWorker).filter(([url]) => /^\/(?:api|uploads)\//.test(url));
    expect(dataRequests.some(([url]) => url.startsWith('/api/'))).toBe(true);
    expect(dataRequests.some(([url]) => url.startsWith('/uploads/'))).toBe(true);
    expect(dataRequests.filter(([, served]) => served)).toEqual([]);

    expect(await cspViolations(page)).toEqual([]);
    // The stored index.html carries the prerendered login: on any other screen it must be gone.
    expect(await page.getByText('Login To Earn Rewards!').isVisible()).toBe(false);

    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached).toContain(shopChunk);
    expect(cached.filter((url) => /^\/(?:api|uploads)(?:\/|$)/.test(url))).toEqual([]);
    await context.close();
  });
});

describe('a new deploy (issue 19: "a new deploy updates without a stale screen")', () => {
  // The server serves the client folder it was built beside. To deploy a second version under a running page,
  // this front serves a copy of that folder, which the test then changes, and hands /api/ and /uploads/ to the
  // server, as a reverse proxy in front of a static host would.
  let deployDir = '';
  let front: Server | undefined;
  let frontUrl = '';
  const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
    '.woff2': 'font/woff2',
  };

  beforeAll(async () => {
    deployDir = mkdtempSync(path.join(tmpdir(), 'rewards-deploy-'));
    cpSync(clientDist, deployDir, { recursive: true });
    const target = new URL(own.baseUrl);
    front = createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://front');
      if (!/^\/(?:api|uploads)(?:\/|$)/.test(pathname) && req.method === 'GET') {
        const named = path.join(deployDir, path.normalize(pathname));
        const found = named.startsWith(deployDir) && existsSync(named) && statSync(named).isFile();
        // As the server does: a missing asset is 404, any other path is a screen (index.html).
        const file = found || pathname.startsWith('/assets/') ? named : path.join(deployDir, 'index.html');
        res.writeHead(existsSync(file) ? 200 : 404, {
          'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        res.end(existsSync(file) ? readFileSync(file) : undefined);
        return;
      }
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => front!.listen(port, '127.0.0.1', resolve));
    frontUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
    rmSync(deployDir, { recursive: true, force: true });
  });

  it('when a new version is deployed under an open screen, then its worker takes over and the next in-app navigation loads the new version', async () => {
    const { context, page } = await openWithWorkers(frontUrl);
    await page.goto('/');
    await workerControls(page);
    await signInAsCustomer(page);
    // Open the shop again, now controlled from its first byte: the page runs the code of the installed version.
    await page.goto('/user/shop');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await page.evaluate(() => {
      const changes = { count: 0 };
      Object.assign(window, { controllerChanges: changes });
      navigator.serviceWorker.addEventListener('controllerchange', () => changes.count++);
    });
    const oldShell = (await cacheNames(page)).find((name) => name.startsWith('shell-'));

    // The deploy: a changed index.html, and the sw.js the build writes for it (a new version in its first line).
    const html = readFileSync(path.join(deployDir, 'index.html'), 'utf8');
    writeFileSync(path.join(deployDir, 'index.html'), html.replace('</head>', '<meta name="deploy" content="second" /></head>'));
    const worker = readFileSync(path.join(deployDir, 'sw.js'), 'utf8');
    writeFileSync(
      path.join(deployDir, 'sw.js'),
      worker.replace(/^var __SW_VERSION__ = "([0-9a-f]+)";/m, 'var __SW_VERSION__ = "5ec0ddeb10ed0000";'),
    );

    // The browser looks for a new worker on navigations and, in lib/pwa/register.ts, when the portal comes back
    // to the screen; here it is asked to look now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const controllerChanges = () =>
      page.evaluate(() => (window as unknown as { controllerChanges: { count: number } }).controllerChanges.count);
    await expect.poll(controllerChanges).toBe(1);
    // The page changes hands before the new worker's activate event has run: its clean-up follows.
    await expect
      .poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('shell-')))
      .toEqual(['shell-5ec0ddeb10ed0000']);
    expect(oldShell).toBeDefined();
    // The open screen is left as it is: no reload while the reader is on it.
    expect(await page.locator('meta[name="deploy"]').count()).toBe(0);

    // The next in-app navigation is a full load of the next screen, on the new version.
    await page.locator('a[href="/user/profile"]:visible').first().click();
    await page.waitForURL('**/user/profile');
    await expect.poll(() => page.locator('meta[name="deploy"]').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await context.close();
  });
  it('when a screen’s chunk of the running version is gone from the server, then the page reloads once, and shows the error screen rather than reloading again', async () => {
    // No worker here: the chunk is asked of the server, as by a page that has no worker or never loaded it.
    const { context, page } = await openPage(browser(), frontUrl, VIEWPORTS.phone);
    await signInAsCustomer(page);
    const assetsDir = path.join(deployDir, 'assets');
    const profileChunk = readdirSync(assetsDir).find((file) => /^profile-[\w-]+\.js$/.test(file));
    expect(profileChunk).toBeDefined();
    renameSync(path.join(assetsDir, profileChunk!), path.join(assetsDir, `${profileChunk}.gone`));
    try {
      let loads = 0;
      page.on('load', () => loads++);
      await page.locator('a[href="/user/profile"]:visible').first().click();
      await page.waitForURL('**/user/profile');
      await expect.poll(() => loads).toBe(1);
      // The reloaded page misses the same chunk: within a minute of the first reload, the error is shown.
      await expect.poll(() => page.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(true);
      await page.waitForTimeout(1_000);
      expect(loads).toBe(1);
    } finally {
      renameSync(path.join(assetsDir, `${profileChunk}.gone`), path.join(assetsDir, profileChunk!));
    }
    await context.close();
  });
});
