import type { Cart, UpdateCartInput } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { cartKeys } from '../keys';

// POST /api/user/cart/update (customer) - { itemId, quantity 1–5 }: sets the quantity of the caller's line; answers the cart
export async function updateCart(input: UpdateCartInput): Promise<Cart> {
  const response = await apiClient.post<Cart>('/user/cart/update', input);
  return response.data;
}

export function useUpdateCart({ mutationConfig }: { mutationConfig?: MutationConfig<Cart, UpdateCartInput> } = {}) {
  return useApiMutation({
    mutationFn: updateCart,
    onSuccess: (cart, _input, queryClient) => queryClient.setQueryData(cartKeys.detail(), cart),
    mutationConfig,
  });
}
