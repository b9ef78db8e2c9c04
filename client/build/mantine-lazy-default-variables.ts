import type { Plugin } from 'vite';

/** Mantine's module that compares a theme's CSS variables with the default theme's (either path separator). */
export const REMOVE_DEFAULT_VARIABLES_MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;

const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const LAZY =
  'let defaultCssVariablesComputed;\n' +
  'const defaultVariables = () => (defaultCssVariablesComputed ??= defaultCssVariablesResolver(DEFAULT_THEME));';

/**
 * The module with the default theme's CSS variables computed when first compared, not when the module is evaluated.
 * Mantine computes them at the top of the module, so every page's entry built them (about 1 ms of a fast
 * processor, 10 ms on a slow phone) although the portal never asks: its provider draws no CSS variables
 * (`withCssVariables={false}`, the stylesheet carries them). Throws when Mantine's source no longer reads as
 * expected, so an upgrade cannot silently drop the change.
 */
export function lazyDefaultVariables(source: string): string {
  if (!source.includes(EAGER)) throw new Error('mantine-lazy-default-variables: Mantine’s remove-default-variables changed');
  const lazy = source.replace(EAGER, LAZY).replaceAll('defaultCssVariables.', 'defaultVariables().');
  if (/defaultCssVariables\b(?!Resolver|Computed)/.test(lazy))
    throw new Error('mantine-lazy-default-variables: a use of defaultCssVariables was left');
  return lazy;
}

/** Vite plugin (issue 29, decision 044): `lazyDefaultVariables` applied to Mantine's module at build time. */
export function mantineLazyDefaultVariables(): Plugin {
  return {
    name: 'mantine-lazy-default-variables',
    apply: 'build',
    transform(code, id) {
      return REMOVE_DEFAULT_VARIABLES_MODULE.test(id.split('?')[0] ?? id) ? lazyDefaultVariables(code) : null;
    },
  };
}
