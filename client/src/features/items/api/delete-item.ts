import type { DeleteItemResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { itemsKeys } from '../keys';

// DELETE /api/item/:id (admin, superadmin) - { message, _id }; the item leaves the catalogue, orders keep its name
export async function deleteItem(itemId: string): Promise<DeleteItemResponse> {
  const response = await apiClient.delete<DeleteItemResponse>(`/item/${encodeURIComponent(itemId)}`);
  return response.data;
}

export function useDeleteItem({ mutationConfig }: { mutationConfig?: MutationConfig<DeleteItemResponse, string> } = {}) {
  return useApiMutation({
    mutationFn: deleteItem,
    onSuccess: (_answer, _itemId, queryClient) => void queryClient.invalidateQueries({ queryKey: itemsKeys.all }),
    mutationConfig,
  });
}
