import { Paper, Text } from '@mantine/core';

/** Spec §1: the shop's banner text. */
export function ShopBanner() {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
      <Text fw={700} size="lg">
        Earn with every purchase
      </Text>
    </Paper>
  );
}
