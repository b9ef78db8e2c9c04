import { Paper, Stack, Text } from '@mantine/core';

type ShopBannerProps = {
  /** INR of billing per point at the customer's tier; 0 or less: the tier earns nothing; undefined while loading. */
  rate: number | undefined;
};

/** Spec §1 and §2 Shop: the banner, with what the customer's tier earns. */
export function ShopBanner({ rate }: ShopBannerProps) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
      <Stack gap={4}>
        <Text fw={700} size="lg">
          Earn with every purchase
        </Text>
        {/* The line keeps its height while the rate loads, so the grid below does not move when it arrives. */}
        <Text role="status">
          {rate === undefined
            ? '\u00a0'
            : rate > 0
              ? `Earn 1 point for billing of every Rs. ${rate}`
              : 'You are not earning points'}
        </Text>
      </Stack>
    </Paper>
  );
}
