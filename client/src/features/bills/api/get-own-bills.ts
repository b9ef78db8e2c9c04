import type { Bill } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billsKeys } from '../keys';

// GET /api/bill/user (customer) - the caller's own bills, newest bill date first (at most 1,000)
export async function getOwnBills(): Promise<Bill[]> {
  const response = await apiClient.get<Bill[]>('/bill/user');
  return response.data;
}

export function ownBillsQueryOptions() {
  return queryOptions({ queryKey: billsKeys.own(), queryFn: getOwnBills });
}

export function useOwnBills() {
  return useQuery(ownBillsQueryOptions());
}
