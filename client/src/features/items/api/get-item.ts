import type { Item } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { itemsKeys } from '../keys';
import { itemPath } from './item-paths';

// GET /api/item/itm/{id} (signed in) - one item that is not deleted; 404 for a deleted or unknown one
export async function getItem(id: string): Promise<Item> {
  const response = await apiClient.get<Item>(itemPath(id));
  return response.data;
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: itemsKeys.detail(id), queryFn: () => getItem(id) });
}

export function useItem(id: string) {
  return useQuery(itemQueryOptions(id));
}
