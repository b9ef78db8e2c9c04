import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The module of `@mantine/hooks` that defines `useId`, as a resolved path (either separator). */
export const MANTINE_USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** Our `useId` for Mantine: React's (a file of its own, so tests can import it as the build serves it). */
export const USE_ID_FROM_REACT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mantine-use-id.mjs');

/**
 * Vite plugin (decision 032): Mantine's components take their ids from React's `useId` (mantine-use-id.mjs), so
 * a dashboard's inputs, checkboxes and tabs are drawn once, not twice in the task that puts them on screen.
 * Build only: the development server pre-bundles Mantine without the build's plugins, and the screens' tests
 * run Mantine as published; there the ids differ, the screens do not.
 */
export function mantineIdsFromReact(): Plugin {
  return {
    name: 'mantine-ids-from-react',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID_MODULE.test(id.split('?')[0] ?? id) ? readFileSync(USE_ID_FROM_REACT, 'utf8') : null;
    },
  };
}
