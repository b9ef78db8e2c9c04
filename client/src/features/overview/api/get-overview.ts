import type { Overview } from '@app/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { overviewKeys } from '../keys';

// GET /api/admin/overview?months=N (admin, superadmin) - the programme month by month, orders by status,
// customers by tier and this quarter's standing (contract "running the programme").
export async function getOverview(months: number, signal?: AbortSignal): Promise<Overview> {
  const response = await apiClient.get<Overview>('/admin/overview', { params: { months }, signal });
  return response.data;
}

export function overviewQueryOptions(months: number) {
  return queryOptions({
    queryKey: overviewKeys.detail(months),
    queryFn: ({ signal }) => getOverview(months, signal),
    // Another span of months keeps the last figures on screen while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useOverview(months: number) {
  return useQuery(overviewQueryOptions(months));
}
