import type { OrderStatus } from '@app/common';

/** One status section of the staff orders screen: its search and its status (pages are the query's own). */
export type OrderListParams = { q: string; status: OrderStatus };

// Query keys of the orders feature (house style 4.5.8). Every staff list sits under lists(), so one
// invalidation after a status change refreshes the three sections whatever the search.
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...ordersKeys.lists(), params] as const,
  own: () => [...ordersKeys.all, 'own'] as const,
};
