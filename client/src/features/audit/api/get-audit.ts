import type { AuditEntry, Page } from '@app/common';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { auditKeys } from '../keys';

/**
 * The screen's filters: an empty string is no filter. `entity` is the kind of record, `entityId` one record
 * (chosen in an entry). Dates are calendar days in Asia/Kolkata, inclusive.
 */
export type AuditFilters = { actorId: string; action: string; entity: string; entityId: string; from: string; to: string };
export type AuditListParams = AuditFilters & { page: number; limit: number };

// GET /api/superadmin/audit?actorId&action&entity&entityId&from&to&page&limit (superadmin) - staff changes, newest
// first; each entry names the person its record is or belongs to (`subject`)
export async function getAudit(params: AuditListParams, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  const response = await apiClient.get<Page<AuditEntry>>('/superadmin/audit', { params: query, signal });
  return response.data;
}

export function auditQueryOptions(params: AuditListParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => getAudit(params, signal),
    // The list keeps the last page on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}
