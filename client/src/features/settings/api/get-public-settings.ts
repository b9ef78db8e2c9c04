import type { PublicSettings } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from '../keys';

// GET /api/settings/public (public) - { productName, supportContacts } for the footers, help page and titles
export async function getPublicSettings(): Promise<PublicSettings> {
  const response = await apiClient.get<PublicSettings>('/settings/public');
  return response.data;
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: getPublicSettings,
    // A superadmin may change these (contract), but rarely; one read per five minutes is plenty.
    staleTime: 5 * 60_000,
  });
}

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
