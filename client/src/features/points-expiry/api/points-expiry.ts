import type { PointsExpiryRun, PointsExpirySettings } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { pointsExpiryKeys } from '../keys';

// GET /api/superadmin/system/points-expiry (any signed-in user) - { months }, 0: points never expire
export async function getPointsExpiry(): Promise<PointsExpirySettings> {
  const response = await apiClient.get<PointsExpirySettings>('/superadmin/system/points-expiry');
  return response.data;
}

export function pointsExpiryQueryOptions() {
  return queryOptions({ queryKey: pointsExpiryKeys.setting(), queryFn: getPointsExpiry, staleTime: 60_000 });
}

export function usePointsExpiry() {
  return useQuery(pointsExpiryQueryOptions());
}

// PUT /api/superadmin/system/points-expiry {months} (superadmin) - the setting as stored
export async function savePointsExpiry(values: PointsExpirySettings): Promise<PointsExpirySettings> {
  const response = await apiClient.put<PointsExpirySettings>('/superadmin/system/points-expiry', values);
  return response.data;
}

export function useSavePointsExpiry({
  mutationConfig,
}: { mutationConfig?: MutationConfig<PointsExpirySettings, PointsExpirySettings> } = {}) {
  return useApiMutation({
    mutationFn: savePointsExpiry,
    onSuccess: (saved, _values, queryClient) => queryClient.setQueryData(pointsExpiryKeys.setting(), saved),
    mutationConfig,
  });
}

// POST /api/superadmin/points-expiry/run (superadmin) - { customers, points } expired now
export async function runPointsExpiry(): Promise<PointsExpiryRun> {
  const response = await apiClient.post<PointsExpiryRun>('/superadmin/points-expiry/run');
  return response.data;
}

export function useRunPointsExpiry({ mutationConfig }: { mutationConfig?: MutationConfig<PointsExpiryRun, void> } = {}) {
  return useApiMutation({
    mutationFn: runPointsExpiry,
    // Balances and ledgers changed: every screen that shows one is stale.
    onSuccess: (_result, _none, queryClient) => void queryClient.invalidateQueries(),
    mutationConfig,
  });
}
