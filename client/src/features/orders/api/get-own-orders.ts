import type { Order } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ordersKeys } from '../keys';

// GET /api/user/orders (customer) - the caller's own orders, newest first (without page: a plain array)
export async function getOwnOrders(): Promise<Order[]> {
  const response = await apiClient.get<Order[]>('/user/orders');
  return response.data;
}

export function ownOrdersQueryOptions() {
  return queryOptions({ queryKey: ordersKeys.own(), queryFn: getOwnOrders });
}

export function useOwnOrders() {
  return useQuery(ownOrdersQueryOptions());
}
