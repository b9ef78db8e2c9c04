import type { Item } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { itemsKeys } from '../keys';
import { itemFormData, type ItemUpload } from './create-item';

export type UpdateItemVariables = ItemUpload & { itemId: string };

// PUT /api/item/:id (admin, superadmin) - the same multipart as create; without an image the picture stays
export async function updateItem({ itemId, ...upload }: UpdateItemVariables): Promise<Item> {
  const response = await apiClient.put<Item>(`/item/${encodeURIComponent(itemId)}`, itemFormData(upload));
  return response.data;
}

export function useUpdateItem({ mutationConfig }: { mutationConfig?: MutationConfig<Item, UpdateItemVariables> } = {}) {
  return useApiMutation({
    mutationFn: updateItem,
    onSuccess: (_item, _variables, queryClient) => void queryClient.invalidateQueries({ queryKey: itemsKeys.all }),
    mutationConfig,
  });
}
