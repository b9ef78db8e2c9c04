import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether a media query matches, from the first render. Mantine's hook answers `undefined` at first and the real
 * value from an effect, which renders the component a second time straight after its first (on the dashboards,
 * inside the task that draws them: decision 032). Nothing here renders on a server where matchMedia is missing.
 */
export function useMatchesNow(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

/**
 * Below Mantine's `sm` breakpoint (48em, phones): long dialogs open full screen there, so their actions are not
 * hidden below a centred box's fold.
 */
export function useSmallScreen(): boolean {
  return useMatchesNow('(max-width: 48em)');
}
