import { Box, Center, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/use-t';

/**
 * How long a wait runs before its spinner turns: a shorter wait reads as instant, and a spinner that only
 * flashes reads as a glitch. Until then no frame is drawn for it: a turning spinner is a frame per display
 * refresh, the compositor's work beside the page's while the first screen loads (decision 028).
 */
export const SPINNER_DELAY_MS = 1000;

/**
 * Shown while a screen's code or data loads (spec: 'Loading...'), the words at once and the spinner after
 * SPINNER_DELAY_MS, in a space kept for it. Its words are in the core catalogue: it shows on the way from the
 * login screen, before the other catalogues have arrived.
 */
export function PageLoader() {
  const t = useT();
  const [turning, setTurning] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTurning(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center py="xl" role="status">
      {turning ? (
        <Loader size="sm" aria-hidden data-testid="page-loader-spinner" />
      ) : (
        // Mantine's Loader of size "sm" is this square: the words do not move when it appears.
        <Box w="calc(1.375rem * var(--mantine-scale))" h="calc(1.375rem * var(--mantine-scale))" aria-hidden />
      )}
      <Text ml="sm">{t('common.loading')}</Text>
    </Center>
  );
}
