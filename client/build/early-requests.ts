import type { Plugin } from 'vite';
import { startEarlyRequests } from '../src/lib/early-requests/start-early-requests';
import { inlineScript } from './inline-script';

/** The inline script's text (build/inline-script.ts). */
export const EARLY_REQUESTS_SCRIPT = inlineScript('early-requests', startEarlyRequests);

/**
 * Vite plugin: puts `startEarlyRequests` (src/lib/early-requests) inline in index.html's head, so a
 * signed-in page asks for its data while its code downloads (decision 023). The server allows the page's
 * inline scripts by their hashes in the Content-Security-Policy (server/src/static.ts reads it from the page).
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
