import type { Cart } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { cartKeys } from '../keys';

// GET /api/user/cart (customer, own) - { items: [{ _id, itemId: { _id, name, pointsRequired, discount, images, stock }, quantity }] }
export async function getCart(): Promise<Cart> {
  const response = await apiClient.get<Cart>('/user/cart');
  return response.data;
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: cartKeys.detail(), queryFn: getCart });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}
