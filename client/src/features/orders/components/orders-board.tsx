import { formatNumber, ORDER_STATUSES, type Order, type OrderStatus } from '@app/common';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListSearch } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { ListStates } from '../../../components/ui/query-states';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import type { useOrdersByStatus } from '../api/get-orders';
import { useOrdersBoard } from '../hooks/use-orders-board';
import { ORDER_STATUS_MESSAGE } from '../status-label';
import { EditOrderStatusModal } from './edit-order-status-modal';
import { OrderCard } from './order-card';
import { StatusSection } from './status-section';

/** Per status, whole sentences: the status word takes a different form inside each language's sentence. */
const SECTION_EMPTY: Record<OrderStatus, MessageId> = {
  Pending: 'ordersBoard.sectionEmpty.Pending',
  Completed: 'ordersBoard.sectionEmpty.Completed',
  Cancelled: 'ordersBoard.sectionEmpty.Cancelled',
};
const SECTION_NO_MATCH: Record<OrderStatus, MessageId> = {
  Pending: 'ordersBoard.sectionNoMatch.Pending',
  Completed: 'ordersBoard.sectionNoMatch.Completed',
  Cancelled: 'ordersBoard.sectionNoMatch.Cancelled',
};
const SHOW_MORE: Record<OrderStatus, MessageId> = {
  Pending: 'ordersBoard.showMoreAria.Pending',
  Completed: 'ordersBoard.showMoreAria.Completed',
  Cancelled: 'ordersBoard.showMoreAria.Cancelled',
};

type OrdersBoardProps = {
  /** After a status change is saved (the screen refreshes what else it touched). */
  onStatusChanged?: (order: Order) => void;
};

/**
 * Spec §2 Admin orders: search by order ID or username; collapsible Pending, Completed and Cancelled sections,
 * all sections with matches open while a search is active; Edit Status on every order not cancelled.
 */
export function OrdersBoard({ onStatusChanged }: OrdersBoardProps) {
  const t = useT();
  const board = useOrdersBoard();
  const { debouncedSearch, refreshFailed } = board;
  const [dialog, setDialog] = useState<{ order: Order; opened: boolean; opening: number } | null>(null);
  const editStatus = (order: Order) => setDialog((last) => ({ order, opened: true, opening: (last?.opening ?? 0) + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          label={t('ordersBoard.searchLabel')}
          placeholder={t('ordersBoard.searchPlaceholder')}
          value={board.search}
          onChange={board.setSearch}
          searching={board.searching}
        />
        <ExportMenu path="/admin/export/orders" params={{ q: debouncedSearch }} what={t('ordersBoard.exportWhat')} />
      </Group>
      {refreshFailed && (
        <LoadError
          title={t('ordersBoard.refreshError')}
          error={refreshFailed.error}
          retrying={refreshFailed.isFetching}
          onRetry={refreshFailed.refetch}
        />
      )}
      <ListStates
        query={board.states}
        loadErrorTitle={t('ordersBoard.loadError')}
        isEmpty={() => board.nothingAtAll}
        // An empty answer kept on screen while a new search loads says nothing yet about the new search.
        settling={board.searching}
        emptyMessage={debouncedSearch ? t('ordersBoard.noMatch', { query: debouncedSearch }) : t('ordersBoard.empty')}
      >
        {() => (
          <Stack gap="sm">
            {ORDER_STATUSES.map((status) => (
              <OrdersSection
                key={status}
                status={status}
                section={board.sections[status]}
                total={board.totals[status]}
                search={debouncedSearch}
                opened={board.open.includes(status)}
                onToggle={() => board.toggle(status)}
                onEditStatus={editStatus}
              />
            ))}
          </Stack>
        )}
      </ListStates>
      {dialog && (
        <EditOrderStatusModal
          key={dialog.opening}
          order={dialog.order}
          opened={dialog.opened}
          onClose={() => setDialog({ ...dialog, opened: false })}
          onChanged={onStatusChanged}
        />
      )}
    </Stack>
  );
}

type OrdersSectionProps = {
  status: OrderStatus;
  section: ReturnType<typeof useOrdersByStatus>[OrderStatus];
  /** The server's count for the section; undefined until its first page comes. */
  total: number | undefined;
  /** The search the section answers ('' for none). */
  search: string;
  opened: boolean;
  onToggle: () => void;
  onEditStatus: (order: Order) => void;
};

/** One status's section: 'Pending (3)', its order cards with Edit Status, "Showing 20 of 57" and Show more. */
function OrdersSection({ status, section, total, search, opened, onToggle, onEditStatus }: OrdersSectionProps) {
  const t = useT();
  const orders = uniqueOrders(section.data?.pages.flatMap((page) => page.items) ?? []);
  return (
    <StatusSection
      label={
        // 'Pending (3)' once the count is known.
        total === undefined
          ? t(ORDER_STATUS_MESSAGE[status])
          : t('ordersBoard.sectionLabel', { status: t(ORDER_STATUS_MESSAGE[status]), count: formatNumber(total) })
      }
      headingOrder={2}
      opened={opened}
      onToggle={onToggle}
    >
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {search ? t(SECTION_NO_MATCH[status], { query: search }) : t(SECTION_EMPTY[status])}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={section.isPlaceholderData} style={{ opacity: section.isPlaceholderData ? 0.6 : 1 }}>
          <Box component="ul" p={0} m={0} style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard
                  order={order}
                  headingOrder={3}
                  showCustomer
                  action={
                    order.status === 'Cancelled' ? null : (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('ordersBoard.editStatusAria', { alias: order.orderIdAlias })}
                        onClick={() => onEditStatus(order)}
                      >
                        {t('ordersBoard.editStatus')}
                      </Button>
                    )
                  }
                />
              </li>
            ))}
          </Box>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('ordersBoard.showing', { shown: formatNumber(orders.length), total: formatNumber(total ?? 0) })}
            </Text>
            {section.hasNextPage && (
              <Button
                size="compact-sm"
                variant="default"
                aria-label={t(SHOW_MORE[status])}
                loading={section.isFetchingNextPage}
                onClick={() => void section.fetchNextPage()}
              >
                {t('ordersBoard.showMore')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </StatusSection>
  );
}

/** A later page can repeat an order that moved while paging (a status change shifts the offsets). */
function uniqueOrders(orders: Order[]): Order[] {
  const seen = new Set<string>();
  return orders.filter((order) => !seen.has(order._id) && seen.add(order._id));
}
