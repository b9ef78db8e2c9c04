import type { Item } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { itemsKeys } from '../keys';
import { ITEMS_PATH } from './item-paths';

// GET /api/item (public) - every item that is not deleted; the shop shows those with stock above 0
export async function getItems(): Promise<Item[]> {
  const response = await apiClient.get<Item[]>(ITEMS_PATH);
  return response.data;
}

export function itemsQueryOptions() {
  return queryOptions({ queryKey: itemsKeys.list(), queryFn: getItems });
}

export function useItems() {
  return useQuery(itemsQueryOptions());
}
