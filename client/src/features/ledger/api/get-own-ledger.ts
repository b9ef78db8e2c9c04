import type { LedgerEntry, Page } from '@app/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ledgerKeys } from '../keys';

export const LEDGER_PAGE_SIZE = 20;

// GET /api/user/ledger?page&limit (customer) - own points ledger, newest first
export async function getOwnLedger(page: number): Promise<Page<LedgerEntry>> {
  const response = await apiClient.get<Page<LedgerEntry>>('/user/ledger', { params: { page, limit: LEDGER_PAGE_SIZE } });
  return response.data;
}

export function ownLedgerQueryOptions(page: number) {
  return queryOptions({ queryKey: ledgerKeys.own(page), queryFn: () => getOwnLedger(page), placeholderData: keepPreviousData });
}

export function useOwnLedger(page: number) {
  return useQuery(ownLedgerQueryOptions(page));
}
