import type { Cart } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { cartKeys } from '../keys';

// DELETE /api/user/cart/remove/{itemId} (customer) - removes the caller's own line for the item; answers the cart
export async function removeFromCart(itemId: string): Promise<Cart> {
  const response = await apiClient.delete<Cart>(`/user/cart/remove/${encodeURIComponent(itemId)}`);
  return response.data;
}

export function useRemoveFromCart({ mutationConfig }: { mutationConfig?: MutationConfig<Cart, string> } = {}) {
  return useApiMutation({
    mutationFn: removeFromCart,
    onSuccess: (cart, _itemId, queryClient) => queryClient.setQueryData(cartKeys.detail(), cart),
    mutationConfig,
  });
}
