import { Center, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';
import { DelayedLoader } from './delayed-loader';

/**
 * Shown while a screen's code or data loads (spec: 'Loading...'), the words at once and the spinner after
 * SPINNER_DELAY_MS (delayed-loader.tsx), in a space kept for it. Its words are in the core catalogue: it shows
 * on the way from the login screen, before the other catalogues have arrived.
 */
export function PageLoader() {
  const t = useT();
  return (
    <Center py="xl" role="status">
      <DelayedLoader size="sm" data-testid="page-loader-spinner" />
      <Text ml="sm">{t('common.loading')}</Text>
    </Center>
  );
}
