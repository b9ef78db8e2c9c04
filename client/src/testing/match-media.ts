import { vi } from 'vitest';

/**
 * A window.matchMedia for jsdom, which has none: a media query list that matches when `matches(query)` says so.
 * The test setup gives every test one that matches nothing (a wide screen); a test of a phone swaps it.
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  });
}
