import { minifySync } from 'vite';

/**
 * A self-contained function as an inline script of the page: its own source (Function.prototype.toString),
 * called with the page's window, minified. Minifying also makes the text the same whichever compiler produced
 * the function's source, so the server's CSP hash and the tests read the same script.
 */
export function inlineScript(name: string, run: (win: Window) => void): string {
  return minifySync(`${name}.js`, `(${run.toString()})(window)`).code.trim();
}
