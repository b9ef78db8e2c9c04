import type { CustomerImport } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { usersKeys } from '../keys';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_INTERVAL_MS = 700;

export function isImportFinished(job: CustomerImport | undefined): boolean {
  return job?.status === 'completed' || job?.status === 'failed';
}

// GET /api/admin/customer-imports/:id (admin, superadmin) - the import job: progress while hashing and
// saving, then every added user (completed) or why nothing was added (failed)
export async function getCustomerImport(importId: string, signal?: AbortSignal): Promise<CustomerImport> {
  const response = await apiClient.get<CustomerImport>(`/admin/customer-imports/${encodeURIComponent(importId)}`, {
    signal,
  });
  return response.data;
}

export function customerImportQueryOptions(importId: string) {
  return queryOptions({
    queryKey: usersKeys.import(importId),
    queryFn: ({ signal }) => getCustomerImport(importId, signal),
    // Poll until the job ends. A lost connection keeps polling (the job runs on regardless); an answer
    // such as 404 will not change by asking again.
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (isImportFinished(data)) return false;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return IMPORT_POLL_INTERVAL_MS;
    },
    // Hashing a big file takes minutes; the admin may look at another tab meanwhile.
    refetchIntervalInBackground: true,
  });
}

export function useCustomerImport(importId: string | undefined) {
  return useQuery({ ...customerImportQueryOptions(importId ?? ''), enabled: importId !== undefined });
}
