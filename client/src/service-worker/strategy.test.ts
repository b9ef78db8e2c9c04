import { describe, expect, it } from 'vitest';
import { ASSET_MAX_AGE_MS, assetsToDelete, handlingOf, type RequestFacts } from './strategy';

const ORIGIN = 'https://rewards.example.in';
const request = (path: string, { method = 'GET', mode = 'cors' }: { method?: string; mode?: string } = {}): RequestFacts => ({
  method,
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  mode,
});
const navigate = (path: string) => request(path, { mode: 'navigate' });

describe('handlingOf (what the service worker does with a request)', () => {
  it('when a screen is opened, then the cached shell answers, whatever the route', () => {
    expect(handlingOf(navigate('/user/shop'), ORIGIN)).toBe('shell');
    expect(handlingOf(navigate('/'), ORIGIN)).toBe('shell');
    expect(handlingOf(navigate('/product/6650f1c2a9?from=shop#top'), ORIGIN)).toBe('shell');
    expect(handlingOf(navigate('/no-such-screen'), ORIGIN)).toBe('shell');
  });

  it('when the API is asked, then the worker stays out: GET, navigation or any other method', () => {
    expect(handlingOf(request('/api/user/profile'), ORIGIN)).toBe('network');
    expect(handlingOf(request('/api/item?page=2'), ORIGIN)).toBe('network');
    expect(handlingOf(navigate('/api/docs'), ORIGIN)).toBe('network');
    expect(handlingOf(navigate('/api'), ORIGIN)).toBe('network');
    expect(handlingOf(request('/api/user/cart', { method: 'POST' }), ORIGIN)).toBe('network');
  });

  it('when a request is not a GET, then it goes to the network even for a screen or an asset', () => {
    expect(handlingOf(request('/user/shop', { method: 'POST', mode: 'navigate' }), ORIGIN)).toBe('network');
    expect(handlingOf(request('/assets/index-abc123.js', { method: 'HEAD' }), ORIGIN)).toBe('network');
  });

  it('when a hashed asset is fetched, then it is served from the cache first', () => {
    expect(handlingOf(request('/assets/x.js'), ORIGIN)).toBe('asset');
    expect(handlingOf(request('/assets/all-components-CboEpP93.css', { mode: 'no-cors' }), ORIGIN)).toBe('asset');
  });

  it('when an uploaded picture is fetched or opened, then it goes to the network (it is data, not code)', () => {
    expect(handlingOf(request('/uploads/x.webp', { mode: 'no-cors' }), ORIGIN)).toBe('network');
    expect(handlingOf(navigate('/uploads/x.webp'), ORIGIN)).toBe('network');
  });

  it('when another origin is asked, then the worker stays out, even for a path that looks like ours', () => {
    expect(handlingOf(request('https://cdn.example.com/assets/x.js'), ORIGIN)).toBe('network');
    expect(handlingOf(navigate('https://other.example.com/user/shop'), ORIGIN)).toBe('network');
    expect(handlingOf(request('http://rewards.example.in/assets/x.js'), ORIGIN)).toBe('network');
  });

  it('when the worker script or a file the shell does not hold is fetched, or a file is opened by name, then it goes to the network', () => {
    const shell = new Set(['/index.html', '/favicon.svg', '/manifest.webmanifest', '/sw.js']);
    expect(handlingOf(request('/sw.js'), ORIGIN, shell)).toBe('network');
    expect(handlingOf(navigate('/sw.js'), ORIGIN, shell)).toBe('network');
    expect(handlingOf(request('/robots.txt'), ORIGIN, shell)).toBe('network');
    expect(handlingOf(request('/manifest.webmanifest'), ORIGIN)).toBe('network');
    expect(handlingOf(navigate('/favicon.svg'), ORIGIN, shell)).toBe('network');
  });

  it('when a file of the shell is fetched (the favicon, the manifest, an icon), then the shell answers it', () => {
    const shell = new Set(['/index.html', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png']);
    expect(handlingOf(request('/favicon.svg', { mode: 'no-cors' }), ORIGIN, shell)).toBe('asset');
    expect(handlingOf(request('/manifest.webmanifest'), ORIGIN, shell)).toBe('asset');
    expect(handlingOf(request('/icons/icon-192.png?v=1'), ORIGIN, shell)).toBe('asset');
  });
});

describe('assetsToDelete (the kept chunks, pruned when a new worker activates)', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const day = 24 * 60 * 60 * 1000;
  const url = (name: string) => `${ORIGIN}/assets/${name}`;

  it('when chunks were downloaded more than 30 days ago or at an unknown time, then they go; recent ones stay', () => {
    const stored = [
      { url: url('old.js'), downloadedAt: now - ASSET_MAX_AGE_MS - 1 },
      { url: url('undated.js'), downloadedAt: Number.NaN },
      { url: url('recent.js'), downloadedAt: now - 29 * day },
    ];
    expect(assetsToDelete(stored, now, new Set())).toEqual([url('old.js'), url('undated.js')]);
  });

  it('when the new shell precaches a kept chunk, then the kept copy goes', () => {
    const stored = [{ url: url('shared.js'), downloadedAt: now }];
    expect(assetsToDelete(stored, now, new Set(['/index.html', '/assets/shared.js']))).toEqual([url('shared.js')]);
  });

  it('when more chunks are kept than the cap, then the first stored go until the cap is met', () => {
    const stored = ['a', 'b', 'c', 'd'].map((name) => ({ url: url(`${name}.js`), downloadedAt: now }));
    expect(assetsToDelete(stored, now, new Set(), { maxEntries: 2 })).toEqual([url('a.js'), url('b.js')]);
    expect(assetsToDelete(stored, now, new Set(), { maxEntries: 10 })).toEqual([]);
  });
});
