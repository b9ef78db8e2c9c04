import { formatNumber, ORDER_STATUSES, type Order, type OrderStatus } from '@app/common';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ExportMenu } from '../../../components/ui/export-menu';
import { ListSearch } from '../../../components/ui/list-controls';
import { LoadError } from '../../../components/ui/load-error';
import { ListStates, type ListQuery } from '../../../components/ui/paged-list';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/use-t';
import { useListSearch } from '../../../lib/use-paged-search';
import { useOrdersByStatus } from '../api/get-orders';
import { ORDER_STATUS_MESSAGE } from '../status-label';
import { EditOrderStatusModal } from './edit-order-status-modal';
import { OrderCard } from './order-card';
import { StatusSection, toggleSection } from './status-section';

/** Without a search the work queue is open and the history folded away (spec §2 is silent on which). */
const OPEN_WITHOUT_SEARCH: OrderStatus[] = ['Pending'];

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
  const { search, setSearch, debouncedSearch, typing } = useListSearch();
  const sections = useOrdersByStatus(debouncedSearch);
  // Sections the staff member opened or closed by hand, for the search they did it in; a new search opens
  // the sections with matches again.
  const [toggled, setToggled] = useState<{ q: string; open: OrderStatus[] } | null>(null);
  const [dialog, setDialog] = useState<{ order: Order; opened: boolean; opening: number } | null>(null);

  // Each section's count is the server's total for it (the first page's answer).
  const totals: Record<OrderStatus, number | undefined> = {
    Pending: sections.Pending.data?.pages[0]?.total,
    Completed: sections.Completed.data?.pages[0]?.total,
    Cancelled: sections.Cancelled.data?.pages[0]?.total,
  };
  const withMatches = ORDER_STATUSES.filter((status) => (totals[status] ?? 0) > 0);
  const open = toggled?.q === debouncedSearch ? toggled.open : debouncedSearch ? withMatches : OPEN_WITHOUT_SEARCH;

  const failed = ORDER_STATUSES.filter((status) => sections[status].isError);
  const searching = typing || ORDER_STATUSES.some((status) => sections[status].isFetching && sections[status].isPlaceholderData);
  const everyTotalKnown = ORDER_STATUSES.every((status) => totals[status] !== undefined);
  const nothingAtAll = everyTotalKnown && withMatches.length === 0;

  // The three sections' queries read as one list: loading until every count is known, failed when a section
  // failed before its count came; a section failing after that is a refresh error above the sections.
  const [firstFailed] = failed;
  const retry = {
    error: firstFailed === undefined ? null : sections[firstFailed].error,
    isFetching: failed.some((status) => sections[status].isFetching),
    refetch: () => failed.forEach((status) => void sections[status].refetch()),
  };
  const board: ListQuery<true> = {
    ...retry,
    data: everyTotalKnown ? true : undefined,
    isPending: !everyTotalKnown && failed.length === 0,
    isError: !everyTotalKnown && failed.length > 0,
  };

  const body = (
    <ListStates
      query={board}
      loadErrorTitle={t('ordersBoard.loadError')}
      isEmpty={() => nothingAtAll}
      // An empty answer kept on screen while a new search loads says nothing yet about the new search.
      settling={searching}
      emptyMessage={debouncedSearch ? t('ordersBoard.noMatch', { query: debouncedSearch }) : t('ordersBoard.empty')}
    >
      {() => (
        <Stack gap="sm">
          {ORDER_STATUSES.map((status) => {
            const section = sections[status];
            const orders = uniqueOrders(section.data?.pages.flatMap((page) => page.items) ?? []);
            const total = totals[status] ?? 0;
            return (
              <StatusSection
                key={status}
                label={
                  // 'Pending (3)' once the count is known.
                  totals[status] === undefined
                    ? t(ORDER_STATUS_MESSAGE[status])
                    : t('ordersBoard.sectionLabel', { status: t(ORDER_STATUS_MESSAGE[status]), count: formatNumber(total) })
                }
                headingOrder={2}
                opened={open.includes(status)}
                onToggle={() => setToggled({ q: debouncedSearch, open: toggleSection(ORDER_STATUSES, open, status) })}
              >
                {orders.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {debouncedSearch ? t(SECTION_NO_MATCH[status], { query: debouncedSearch }) : t(SECTION_EMPTY[status])}
                  </Text>
                ) : (
                  <Stack gap="sm" aria-busy={section.isPlaceholderData} style={{ opacity: section.isPlaceholderData ? 0.6 : 1 }}>
                    <Box
                      component="ul"
                      p={0}
                      m={0}
                      style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}
                    >
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
                                  onClick={() =>
                                    setDialog((last) => ({ order, opened: true, opening: (last?.opening ?? 0) + 1 }))
                                  }
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
                        {t('ordersBoard.showing', { shown: formatNumber(orders.length), total: formatNumber(total) })}
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
          })}
        </Stack>
      )}
    </ListStates>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          label={t('ordersBoard.searchLabel')}
          placeholder={t('ordersBoard.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          searching={searching}
        />
        <ExportMenu path="/admin/export/orders" params={{ q: debouncedSearch }} what={t('ordersBoard.exportWhat')} />
      </Group>
      {failed.length > 0 && everyTotalKnown && (
        <LoadError
          title={t('ordersBoard.refreshError')}
          error={retry.error}
          retrying={retry.isFetching}
          onRetry={retry.refetch}
        />
      )}
      {body}
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

/** A later page can repeat an order that moved while paging (a status change shifts the offsets). */
function uniqueOrders(orders: Order[]): Order[] {
  const seen = new Set<string>();
  return orders.filter((order) => !seen.has(order._id) && seen.add(order._id));
}
