import type { Item, ItemForm } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { itemsKeys } from '../keys';

/** An item as the form sends it: the checked fields, and the picture when one was chosen. */
export type ItemUpload = { item: ItemForm; image: File | null };

/**
 * Spec §7: item create and update are multipart (text fields and the file in `image`). The numbers go as
 * their text; a missing discount has already become 0 (spec §5, itemFormSchema).
 */
export function itemFormData({ item, image }: ItemUpload): FormData {
  const body = new FormData();
  body.append('name', item.name);
  body.append('description', item.description);
  body.append('pointsRequired', String(item.pointsRequired));
  body.append('discount', String(item.discount));
  body.append('stock', String(item.stock));
  if (image) body.append('image', image, image.name);
  return body;
}

// POST /api/item (admin, superadmin) - multipart; 201 the saved item; 413 / 415 about the image
export async function createItem(upload: ItemUpload): Promise<Item> {
  const response = await apiClient.post<Item>('/item', itemFormData(upload));
  return response.data;
}

export function useCreateItem({ mutationConfig }: { mutationConfig?: MutationConfig<Item, ItemUpload> } = {}) {
  return useApiMutation({
    mutationFn: createItem,
    onSuccess: (_item, _upload, queryClient) => void queryClient.invalidateQueries({ queryKey: itemsKeys.all }),
    mutationConfig,
  });
}
