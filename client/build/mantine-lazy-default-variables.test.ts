import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyDefaultVariables, REMOVE_DEFAULT_VARIABLES_MODULE } from './mantine-lazy-default-variables';

// The installed @mantine/core's modules, found from the package's entry (its exports map hides the rest).
const require = createRequire(import.meta.url);
const mantineEsm = path.join(path.resolve(path.dirname(require.resolve('@mantine/core')), '..'), 'esm');
const variablesDir = path.join(mantineEsm, 'core', 'MantineProvider', 'MantineCssVariables');
const moduleFile = path.join(variablesDir, 'remove-default-variables.mjs');
const source = readFileSync(moduleFile, 'utf8');

type Variables = { variables: Record<string, string>; light: Record<string, string>; dark: Record<string, string> };
type RemoveDefaults = { removeDefaultVariables: (input: Variables) => Variables };

/** The module's code evaluated as a module of its own, its relative imports pointing at the installed package. */
async function evaluate(code: string): Promise<RemoveDefaults> {
  const absolute = code.replace(/from "(\.{1,2}\/[^"]+)"/g, (_match, specifier: string) => {
    return `from "${pathToFileURL(path.join(variablesDir, specifier)).href}"`;
  });
  return (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(absolute)}`)) as RemoveDefaults;
}

describe('mantineLazyDefaultVariables: the default theme’s CSS variables computed at first use', () => {
  it('when the build meets the installed module, then its path matches and its source reads as the plugin expects', () => {
    expect(REMOVE_DEFAULT_VARIABLES_MODULE.test(moduleFile)).toBe(true);
    const lazy = lazyDefaultVariables(source);
    // Nothing is computed at the module's top any more: the one call sits inside the function.
    expect(lazy).not.toMatch(/^const defaultCssVariables = /m);
    expect(lazy).toMatch(/const defaultVariables = \(\) =>/);
  });

  it('when a theme’s variables are compared with the defaults, then the answer is Mantine’s own', async () => {
    const [ours, mantines] = await Promise.all([evaluate(lazyDefaultVariables(source)), evaluate(source)]);
    const { defaultCssVariablesResolver } = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(variablesDir, 'default-css-variables-resolver.mjs')).href
    )) as { defaultCssVariablesResolver: (theme: unknown) => Variables };
    const { DEFAULT_THEME } = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(mantineEsm, 'core', 'MantineProvider', 'default-theme.mjs')).href
    )) as { DEFAULT_THEME: Record<string, unknown> };
    const theme = { ...DEFAULT_THEME, primaryColor: 'teal', fontFamily: 'Noto Sans, sans-serif' };
    const input = defaultCssVariablesResolver(theme);
    const expected = mantines.removeDefaultVariables(input);
    expect(Object.keys(expected.variables).length).toBeGreaterThan(0);
    expect(ours.removeDefaultVariables(input)).toEqual(expected);
  });

  it('when Mantine’s source changes, then the build fails rather than ship it unchanged', () => {
    expect(() => lazyDefaultVariables(source.replace('defaultCssVariablesResolver(DEFAULT_THEME)', 'compute()'))).toThrow(
      /remove-default-variables changed/,
    );
  });
});
