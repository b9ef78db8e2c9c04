import { formatInrDigits } from '@app/common';
import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';

type ShopBannerProps = {
  /** INR of billing per point at the customer's tier; 0 or less: the tier earns nothing; undefined while loading. */
  rate: number | undefined;
  /** Lines under the rate for this customer (points about to expire), drawn once known. */
  notices?: ReactNode;
};

/** Spec §1 and §2 Shop: the banner, with what the customer's tier earns. */
export function ShopBanner({ rate, notices }: ShopBannerProps) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
      <Stack gap={4}>
        <Text fw={700} size="lg">
          {t('shop.banner.title')}
        </Text>
        {/* The line keeps its height while the rate loads, so the grid below does not move when it arrives. The
            spec's English names the currency ("every Rs. {rate}"): the rate comes as formatInr writes an amount,
            without its sign (1,500; 0.50), and Hindi writes it with ₹ ("हर ₹1,500 की बिलिंग पर"). */}
        <Text role="status">
          {rate === undefined
            ? '\u00a0'
            : rate > 0
              ? t('shop.banner.rate', { rate: formatInrDigits(rate) })
              : t('shop.banner.notEarning')}
        </Text>
        {notices}
      </Stack>
    </Paper>
  );
}
