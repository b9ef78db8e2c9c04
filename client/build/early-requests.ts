import { minifySync, type Plugin } from 'vite';
import { startEarlyRequests } from '../src/lib/early-requests/start-early-requests';

/**
 * The inline script's text: the function's own source, called with the page's window, minified (which also
 * makes it the same text whichever compiler produced the function's source).
 */
export const EARLY_REQUESTS_SCRIPT = minifySync('early-requests.js', `(${startEarlyRequests.toString()})(window)`).code.trim();

/**
 * Vite plugin: puts `startEarlyRequests` (src/lib/early-requests) inline in index.html's head, so a
 * signed-in page asks for its data while its code downloads (decision 023). The server allows this one
 * inline script by its hash in the Content-Security-Policy (server/src/static.ts reads it from the page).
 */
export function earlyRequests(): Plugin {
  return {
    name: 'early-requests',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: EARLY_REQUESTS_SCRIPT, injectTo: 'head' }],
    },
  };
}
