import { minifySync } from 'vite';

/**
 * A self-contained function as an inline script of the page: its own source (Function.prototype.toString),
 * called with the page's window and, when given, `argument` as a JSON value (what the build derived for it, such as
 * the first screens' plan), minified. Minifying also makes the text the same whichever compiler produced the
 * function's source, so the server's CSP hash and the tests read the same script.
 */
export function inlineScript<Argument>(
  name: string,
  run: (win: Window, argument: Argument) => void,
  argument?: Argument,
): string {
  // `<` written as \u003c: no `</script>` or `<!--` inside the value can end or change the script element.
  const value = argument === undefined ? '' : `, ${JSON.stringify(argument).replace(/</g, '\\u003c')}`;
  return minifySync(`${name}.js`, `(${run.toString()})(window${value})`).code.trim();
}

/**
 * A self-contained function as an inline script of the page, called with the page's window and `helpers`: an
 * object of other self-contained functions (the screens' own rules, which the script must follow rather than
 * restate), each written into the page by its own source. Minified like inlineScript's.
 */
export function inlineScriptWithHelpers<Helpers extends Record<string, (...args: never[]) => unknown>>(
  name: string,
  run: (win: Window, helpers: Helpers) => void,
  helpers: Helpers,
): string {
  const entries = Object.entries(helpers).map(([key, helper]) => `${JSON.stringify(key)}: (${helper.toString()})`);
  return minifySync(`${name}.js`, `(${run.toString()})(window, {${entries.join(', ')}})`).code.trim();
}
