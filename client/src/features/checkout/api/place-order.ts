import type { CheckoutInput, CheckoutResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';

export type PlaceOrderVariables = { order: CheckoutInput; idempotencyKey: string };

// POST /api/user/cart/checkout + Idempotency-Key (customer) - { addressId, items[{ itemId, quantity }] } → 201
// { order, availablePoints }; the server prices every line; one key per attempt, so a double click or a resend
// after a lost answer places one order (contract "Checkout")
export async function placeOrder({ order, idempotencyKey }: PlaceOrderVariables): Promise<CheckoutResponse> {
  const response = await apiClient.post<CheckoutResponse>('/user/cart/checkout', order, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}

/** The caches an order changes (cart, balance, stock, orders) belong to other features: the screen refreshes them. */
export function usePlaceOrder({
  mutationConfig,
}: { mutationConfig?: MutationConfig<CheckoutResponse, PlaceOrderVariables> } = {}) {
  return useApiMutation({ mutationFn: placeOrder, onSuccess: () => undefined, mutationConfig });
}
