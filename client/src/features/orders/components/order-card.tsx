import { formatKolkataDay, formatNumber, formatPoints, type Order, type OrderStatus } from '@app/common';
import { Box, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/use-t';

/** An order's timestamp as the day it was placed in India: '2026-11-02T20:00:00Z' → '3 Nov 2026'. */
export function formatOrderDate(orderDate: string): string {
  return formatKolkataDay(orderDate);
}

/** The address snapshot taken at checkout on one line; spec §8: 'No address provided' when there was none. */
export function formatOrderAddress(address: Order['address']): string {
  if (!address) return 'No address provided';
  const { addressLine1, addressLine2, city, state, pinCode, country } = address;
  return [addressLine1, addressLine2, city, `${state} ${pinCode}`, country].filter(Boolean).join(', ');
}

/** A status section's title (the status as shown) with its number of orders once known: 'Pending (3)'. */
export function orderSectionLabel(status: OrderStatus | (string & {}), count: number | undefined): string {
  return count === undefined ? status : `${status} (${formatNumber(count)})`;
}

type OrderCardProps = {
  order: Order;
  /** The heading level of the order's alias, one below its section's. */
  headingOrder: TitleOrder;
  /** Staff see who placed it; the customer's own orders leave it out. */
  showCustomer?: boolean;
  /** The order's action (Edit Status), top right. */
  action?: ReactNode;
};

/** Spec §2: alias, date, (username,) items with quantity, address and total in points. Cards wrap at 360 px. */
export function OrderCard({ order, headingOrder, showCustomer = false, action }: OrderCardProps) {
  const t = useT();
  const headingId = useId();
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={headingOrder} size="h5" id={headingId}>
              {order.orderIdAlias}
            </Title>
            <Text size="sm" c="dimmed">
              <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
            </Text>
          </div>
          {action}
        </Group>
        {showCustomer && (
          <Text size="sm">
            <Text span fw={600} inherit>
              {order.userId.username}
            </Text>
            {order.userId.partyName ? ` · ${order.userId.partyName}` : ''}
          </Text>
        )}
        <Box component="ul" fz="sm" m={0} pl="lg" aria-label={t('orderCard.items', { order: order.orderIdAlias })}>
          {order.items.map((line) => (
            <li key={line._id}>
              {line.itemId.name} × {line.quantity}
            </li>
          ))}
        </Box>
        <Text size="sm" c={order.address ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {order.address ? formatOrderAddress(order.address) : t('orderCard.noAddress')}
        </Text>
        <Text size="sm" fw={600}>
          {t('orderCard.total', { points: formatPoints(order.totalValue) })}
        </Text>
      </Stack>
    </Paper>
  );
}
