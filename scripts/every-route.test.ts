// EVERY_ROUTE (every-route.mjs) is the list the every-screen browser journey and `npm run screenshots` open; a
// screen added to client/src/config/paths.ts but not to it would never be opened by either, and nothing would say so.
import { describe, expect, it } from 'vitest';
import { paths } from '../client/src/config/paths';
import { EVERY_ROUTE } from './every-route.mjs';

/** The paths of paths.ts that are not signed-in screens: the sign-in page and the password reset reached from its email. */
const SIGNED_OUT = new Set<keyof typeof paths>(['login', 'resetPassword']);

const signedInPaths = Object.entries(paths)
  .filter(([name]) => !SIGNED_OUT.has(name as keyof typeof paths))
  .map(([name, { path }]) => ({ name, path }));
const routes = [...new Set(Object.values(EVERY_ROUTE).flat())];

/** Whether `route` (an EVERY_ROUTE entry, `{item}` standing for an item) opens `path` (`:id` matching one segment). */
function opens(path: string, route: string): boolean {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`).test(route);
}

describe('EVERY_ROUTE (scripts/every-route.mjs) and client/src/config/paths.ts', () => {
  it('the signed-out paths are still named so in paths.ts', () => {
    for (const name of SIGNED_OUT) expect(paths).toHaveProperty(name);
  });

  it.each(signedInPaths)('when a signed-in screen is $name ($path), then some role of EVERY_ROUTE opens it', ({ path }) => {
    expect(routes.filter((route) => opens(path, route))).not.toEqual([]);
  });

  it.each(routes)('when EVERY_ROUTE opens %s, then it is a signed-in screen of paths.ts', (route) => {
    expect(signedInPaths.filter(({ path }) => opens(path, route))).not.toEqual([]);
  });
});
