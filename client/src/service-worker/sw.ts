// The service worker, built into dist/sw.js by client/build/service-worker.ts (decision 025). It keeps the
// shell of the running version (index.html, the entry's code and styles, what every signed-in screen loads,
// the manifest and icons) and every hashed chunk a screen loads, so a second visit paints before the network
// answers. It never answers /api/ or /uploads/ requests: they carry personal data and go to the server untouched.
import { ASSETS_CACHE, assetsToDelete, handlingOf, SHELL_CACHE_PREFIX } from './strategy';

// Written by the build at the top of sw.js (build/service-worker.ts): a hash of the precached files, their URLs.
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

// The parts of the worker's global scope used here. The client's type check runs with the DOM library, which
// cannot be combined with the WebWorker one in one program, so they are spelled out.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_VERSION__}`;
const PRECACHED = new Set(__SW_PRECACHE__);
const INDEX = '/index.html';
// Hashed URLs never change content, and the server varies only the encoding: a stored answer fits any request.
const ANY_VARY = { ignoreVary: true };

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // no-cache: the browser's HTTP cache may hold an index.html or manifest of the previous deploy. A hashed
      // file cannot be stale: the page has just loaded the entry's, and the HTTP cache gives them without a request.
      await cache.addAll(
        __SW_PRECACHE__.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' })),
      );
      // A new version takes over at once; pages running the old code reload on their next navigation
      // (lib/pwa/register.ts), so no screen stays stale and no form is lost.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      await pruneAssets();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin, PRECACHED);
  if (handling === 'shell') event.respondWith(shell(event.request));
  else if (handling === 'asset') event.respondWith(asset(event, event.request));
  // 'network': no respondWith, the browser fetches as if there were no worker.
});

async function shell(request: Request): Promise<Response> {
  const cached = await (await caches.open(SHELL_CACHE)).match(INDEX, ANY_VARY);
  return cached ?? fetch(request);
}

async function asset(event: FetchEvent, request: Request): Promise<Response> {
  const cached =
    (await (await caches.open(SHELL_CACHE)).match(request, ANY_VARY)) ??
    (await (await caches.open(ASSETS_CACHE)).match(request, ANY_VARY));
  if (cached) return cached;
  const response = await fetch(request);
  // Only hashed files are kept beside the shell: an unhashed one could change under the same name.
  if (response.ok && response.type === 'basic' && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    event.waitUntil(caches.open(ASSETS_CACHE).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/** Drops assets older than 30 days, those the new shell holds, and the oldest beyond 300 (strategy.ts). */
async function pruneAssets(): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  const stored = [];
  for (const request of await cache.keys()) {
    const date = (await cache.match(request, ANY_VARY))?.headers.get('Date');
    stored.push({ url: request.url, downloadedAt: date ? Date.parse(date) : Number.NaN });
  }
  for (const url of assetsToDelete(stored, Date.now(), PRECACHED)) await cache.delete(url, ANY_VARY);
}
