import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, phones): long dialogs open full screen there, so their actions are not
 * hidden below a centred box's fold.
 */
export function useSmallScreen(): boolean {
  return useMediaQuery('(max-width: 48em)') ?? false;
}
