import { Center, Loader, Text } from '@mantine/core';
import { useT } from '../../lib/i18n/use-t';

/**
 * Shown while a screen's code or data loads (spec: 'Loading...'). Its words are in the core catalogue: it
 * shows on the way from the login screen, before the other catalogues have arrived.
 */
export function PageLoader() {
  const t = useT();
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text ml="sm">{t('common.loading')}</Text>
    </Center>
  );
}
