import type { Plugin } from 'vite';

const PRELOAD_HELPER = '\0vite/preload-helper.js';
const SEEN_DECLARATION = 'const seen = {};';

/**
 * What the preload helper runs first: every stylesheet the page carries inline (a `<style data-inline-of>`,
 * build/prerender-screens.ts) counts as one it has already loaded. Self-contained: it becomes part of the
 * helper's source.
 */
export function markInlineStylesheetsLoaded(seen: Record<string, undefined>, doc: Document | undefined): void {
  if (!doc) return;
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-inline-of]')) {
    seen[new URL(style.dataset.inlineOf ?? '', doc.baseURI).href] = undefined;
  }
}

/**
 * Vite plugin (decision 027): the entry's stylesheet, which the page carries inline (decision 023), is not
 * fetched and applied again when a lazily loaded screen that lists it among its stylesheets opens (the
 * signed-in layout, the cart, the profile and buy-now do: 73 KB, and a second pass over every rule of the
 * page). Vite adds a screen's stylesheets to its preload list after `resolveDependencies`, so the list itself
 * cannot drop it; its helper skips a file it has seen, and this gives it the inline ones as seen.
 */
export function inlineStylesheetsKnown(): Plugin {
  return {
    name: 'inline-stylesheets-known',
    apply: 'build',
    transform(code, id) {
      if (id !== PRELOAD_HELPER) return null;
      if (!code.includes(SEEN_DECLARATION)) throw new Error(`Vite's preload helper no longer declares \`${SEEN_DECLARATION}\``);
      return code.replace(
        SEEN_DECLARATION,
        () =>
          `${SEEN_DECLARATION}(${markInlineStylesheetsLoaded.toString()})(seen, typeof document === 'undefined' ? undefined : document);`,
      );
    },
  };
}
