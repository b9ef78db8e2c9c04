import type { Bill, Page } from '@app/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billsKeys } from '../keys';

export type BillListParams = { q: string; page: number; limit: number };

// GET /api/bill?q&page&limit (admin, superadmin) - { items, total, page, limit }, newest bill date first
export async function getBills({ q, page, limit }: BillListParams): Promise<Page<Bill>> {
  const response = await apiClient.get<Page<Bill>>('/bill', { params: { ...(q ? { q } : {}), page, limit } });
  return response.data;
}

export function billsQueryOptions(params: BillListParams) {
  return queryOptions({
    queryKey: billsKeys.list(params),
    queryFn: () => getBills(params),
    // The table stays while the next page or search loads (it dims instead of flashing empty).
    placeholderData: keepPreviousData,
  });
}
