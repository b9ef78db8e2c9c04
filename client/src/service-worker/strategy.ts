// What the service worker (sw.ts) does with each request, and which stored chunks it lets go: plain functions,
// tested without a worker (decision 025).

/** The precached shell of one build: `shell-<version>`. Older ones are deleted when a new worker activates. */
export const SHELL_CACHE_PREFIX = 'shell-';
/** Hashed files (/assets/*) kept as they arrive: the code of every screen this device has opened. */
export const ASSETS_CACHE = 'assets';
/** An asset downloaded more than this long ago is dropped at the next activation (fetched again if still used). */
export const ASSET_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many assets are kept (a build has about 130 JS and CSS files); the oldest go first. */
export const ASSET_MAX_ENTRIES = 300;

/**
 * - `shell`: a navigation to a screen, answered with the precached index.html of the running version.
 * - `asset`: a hashed, never-changing file, or a file of the shell: cache first, else the network (hashed ones
 *   are kept).
 * - `network`: not touched. API answers and uploaded pictures carry personal data and never enter Cache Storage.
 */
export type Handling = 'shell' | 'asset' | 'network';

/** The parts of a Request the decision reads (a Request has them). */
export type RequestFacts = { readonly method: string; readonly url: string; readonly mode: string };

/** The worker's own script: the browser fetches it to look for a new version, never through the worker. */
const WORKER_SCRIPT = '/sw.js';
const API_OR_UPLOADS = /^\/(?:api|uploads)(?:\/|$)/;
// A navigation to a file by its name (/sw.js, /favicon.svg, /manifest.webmanifest typed in the address bar) is
// the file's, not a screen's. No route of the router ends in a file extension.
const FILE_NAME = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * `precached`: the paths of the running version's shell. Those without a hash in their name (the favicon, the
 * manifest, the icons) are answered from it like assets: a deploy that changes one makes a new version.
 */
export function handlingOf(request: RequestFacts, origin: string, precached: ReadonlySet<string> = new Set()): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (API_OR_UPLOADS.test(path) || path === WORKER_SCRIPT) return 'network';
  if (path.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate') return FILE_NAME.test(path) ? 'network' : 'shell';
  return precached.has(path) ? 'asset' : 'network';
}

export type StoredAsset = {
  url: string;
  /** When the server sent it (its Date header), in ms; NaN when unknown. */
  downloadedAt: number;
};

/**
 * The stored assets to delete, given in the order they were stored (Cache Storage keeps insertion order):
 * those downloaded more than `maxAgeMs` ago or of unknown age, those the new shell already holds, then the
 * oldest until at most `maxEntries` remain.
 */
export function assetsToDelete(
  stored: readonly StoredAsset[],
  now: number,
  inShell: ReadonlySet<string>,
  { maxAgeMs = ASSET_MAX_AGE_MS, maxEntries = ASSET_MAX_ENTRIES } = {},
): string[] {
  const expired = (asset: StoredAsset) =>
    !Number.isFinite(asset.downloadedAt) || now - asset.downloadedAt > maxAgeMs || inShell.has(new URL(asset.url).pathname);
  const doomed = stored.filter(expired).map((asset) => asset.url);
  const kept = stored.filter((asset) => !expired(asset));
  const overCap = kept.slice(0, Math.max(0, kept.length - maxEntries)).map((asset) => asset.url);
  return [...doomed, ...overCap];
}
