import { Center, Loader, Text } from '@mantine/core';

/** Shown while a screen's code or data loads (spec: 'Loading...'). */
export function PageLoader() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text ml="sm">Loading...</Text>
    </Center>
  );
}
