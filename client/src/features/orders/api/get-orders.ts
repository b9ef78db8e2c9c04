import type { Order, Page } from '@app/common';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ordersKeys, type OrderListParams } from '../keys';

/** Orders per request of one status section; 'Show more' asks for the next page (the API allows 100). */
export const ORDERS_PAGE_SIZE = 50;

// GET /api/admin/orders?q&status&page&limit (admin, superadmin) - { items, total, page, limit }, newest first;
// q matches the order id (ORD-000123 or 123) or the username
export async function getOrders({ q, status }: OrderListParams, page: number): Promise<Page<Order>> {
  const response = await apiClient.get<Page<Order>>('/admin/orders', {
    params: { ...(q ? { q } : {}), status, page, limit: ORDERS_PAGE_SIZE },
  });
  return response.data;
}

export function ordersQueryOptions(params: OrderListParams) {
  return infiniteQueryOptions({
    queryKey: ordersKeys.list(params),
    queryFn: ({ pageParam }) => getOrders(params, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Page<Order>) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    // The sections stay while a new search loads (they dim instead of flashing empty).
    placeholderData: keepPreviousData,
  });
}

/**
 * The staff screen's three sections, one paged request each (status, q, page=1, limit=50), rather than one
 * unpaged request grouped here: each section's count is the server's total, nothing is cut off at the
 * unpaged list's 1,000 cap, and a long Completed history does not hold up the Pending work queue.
 * Written out per status because hooks cannot be called in a loop.
 */
export function useOrdersByStatus(q: string) {
  const Pending = useInfiniteQuery(ordersQueryOptions({ q, status: 'Pending' }));
  const Completed = useInfiniteQuery(ordersQueryOptions({ q, status: 'Completed' }));
  const Cancelled = useInfiniteQuery(ordersQueryOptions({ q, status: 'Cancelled' }));
  return { Pending, Completed, Cancelled };
}
