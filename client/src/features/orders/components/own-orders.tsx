import { ORDER_STATUSES, type Order, type OrderStatus } from '@app/common';
import { Box, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { QueryStates } from '../../../components/ui/query-states';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useOwnOrders } from '../api/get-own-orders';
import { ORDER_STATUS_MESSAGE } from '../status-label';
import { OrderCard, orderSectionLabel } from './order-card';
import { StatusSection, toggleSection } from './status-section';

/** Orders still on their way are open; the history is folded away (spec §2 is silent on which). */
const OPEN_AT_FIRST: OrderStatus[] = ['Pending'];

/** What an empty section says, by status. */
const NONE: Record<OrderStatus, MessageId> = {
  Pending: 'ownOrders.nonePending',
  Completed: 'ownOrders.noneCompleted',
  Cancelled: 'ownOrders.noneCancelled',
};

/** Spec §2 Profile: the customer's orders in collapsible Pending, Completed and Cancelled sections, newest first. */
export function OwnOrders() {
  const t = useT();
  const orders = useOwnOrders();
  const [open, setOpen] = useState<OrderStatus[]>(OPEN_AT_FIRST);
  return (
    <QueryStates
      query={orders}
      loadErrorTitle={t('ownOrders.loadError')}
      isEmpty={(data) => data.length === 0}
      empty={<Text c="dimmed">{t('ownOrders.empty')}</Text>}
    >
      {(data) => <OrderSections orders={data} open={open} onOpenChange={setOpen} />}
    </QueryStates>
  );
}

type OrderSectionsProps = { orders: Order[]; open: OrderStatus[]; onOpenChange: (open: OrderStatus[]) => void };

/** The three status sections, each open or folded. */
function OrderSections({ orders, open, onOpenChange }: OrderSectionsProps) {
  const t = useT();
  const byStatus = groupByStatus(orders);
  return (
    <Stack gap="sm">
      {ORDER_STATUSES.map((status) => (
        <StatusSection
          key={status}
          label={orderSectionLabel(t(ORDER_STATUS_MESSAGE[status]), byStatus[status].length)}
          headingOrder={3}
          opened={open.includes(status)}
          onToggle={() => onOpenChange(toggleSection(ORDER_STATUSES, open, status))}
        >
          {byStatus[status].length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(NONE[status])}
            </Text>
          ) : (
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
              {byStatus[status].map((order) => (
                <li key={order._id}>
                  <OrderCard order={order} headingOrder={4} />
                </li>
              ))}
            </Box>
          )}
        </StatusSection>
      ))}
    </Stack>
  );
}

/** The server sends newest first; sorting again keeps each section so even if it did not (spec §9). */
function groupByStatus(orders: Order[]): Record<OrderStatus, Order[]> {
  const newestFirst = [...orders].sort((a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate));
  return {
    Pending: newestFirst.filter((order) => order.status === 'Pending'),
    Completed: newestFirst.filter((order) => order.status === 'Completed'),
    Cancelled: newestFirst.filter((order) => order.status === 'Cancelled'),
  };
}
