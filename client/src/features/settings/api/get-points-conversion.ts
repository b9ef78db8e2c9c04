import type { PointsConversionSettings } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from '../keys';

// GET /api/superadmin/system/points-conversion (any signed-in user) - { pointsConversion, tierPointsConversion }
export async function getPointsConversion(): Promise<PointsConversionSettings> {
  const response = await apiClient.get<PointsConversionSettings>('/superadmin/system/points-conversion');
  return response.data;
}

export function pointsConversionQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.pointsConversion(), queryFn: getPointsConversion, staleTime: 60_000 });
}

export function usePointsConversion() {
  return useQuery(pointsConversionQueryOptions());
}
