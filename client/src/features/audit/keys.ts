import type { AuditListParams } from './api/get-audit';

// Query keys of the audit feature (house style 4.5.8).
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (params: AuditListParams) => [...auditKeys.lists(), params] as const,
};
