import type { AddToCartInput, Cart } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { cartKeys } from '../keys';

// POST /api/user/cart/add (customer) - { itemId, quantity }: adds to the item's line (1 from the cards); answers the cart
export async function addToCart(input: AddToCartInput): Promise<Cart> {
  const response = await apiClient.post<Cart>('/user/cart/add', input);
  return response.data;
}

export function useAddToCart({ mutationConfig }: { mutationConfig?: MutationConfig<Cart, AddToCartInput> } = {}) {
  return useApiMutation({
    mutationFn: addToCart,
    onSuccess: (cart, _input, queryClient) => queryClient.setQueryData(cartKeys.detail(), cart),
    mutationConfig,
  });
}
