import type { PointsConversionSettings, TierBillingSettings } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { settingsKeys } from '../keys';

// GET /api/superadmin/system/tier-billing-requirements (any signed-in user) - { tierBillingRequirements }
export async function getTierBillingRequirements(): Promise<TierBillingSettings> {
  const response = await apiClient.get<TierBillingSettings>('/superadmin/system/tier-billing-requirements');
  return response.data;
}

export function tierBillingRequirementsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.tierBillingRequirements(),
    queryFn: getTierBillingRequirements,
    staleTime: 60_000,
  });
}

export function useTierBillingRequirements() {
  return useQuery(tierBillingRequirementsQueryOptions());
}

export type SystemSettings = PointsConversionSettings & TierBillingSettings;

// PUT /api/superadmin/system/points-conversion, then PUT …/tier-billing-requirements (superadmin): the two
// halves of spec §2 Superadmin system's one Save; each answers the values as stored
export async function saveSystemSettings(values: SystemSettings): Promise<SystemSettings> {
  const rates = await apiClient.put<PointsConversionSettings>('/superadmin/system/points-conversion', {
    pointsConversion: values.pointsConversion,
    tierPointsConversion: values.tierPointsConversion,
  });
  const requirements = await apiClient.put<TierBillingSettings>('/superadmin/system/tier-billing-requirements', {
    tierBillingRequirements: values.tierBillingRequirements,
  });
  return { ...rates.data, ...requirements.data };
}

export function useSaveSystemSettings({
  mutationConfig,
}: { mutationConfig?: MutationConfig<SystemSettings, SystemSettings> } = {}) {
  return useApiMutation({
    mutationFn: saveSystemSettings,
    onSuccess: (saved, _values, queryClient) => {
      queryClient.setQueryData(settingsKeys.pointsConversion(), {
        pointsConversion: saved.pointsConversion,
        tierPointsConversion: saved.tierPointsConversion,
      });
      queryClient.setQueryData(settingsKeys.tierBillingRequirements(), {
        tierBillingRequirements: saved.tierBillingRequirements,
      });
    },
    mutationConfig,
  });
}
