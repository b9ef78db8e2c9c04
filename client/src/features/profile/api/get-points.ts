import type { PointsResponse } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from '../keys';

// GET /api/user/points (customer) - { availablePoints, totalPoints }; a 401 clears the session (spec §4)
export async function getPoints(): Promise<PointsResponse> {
  const response = await apiClient.get<PointsResponse>('/user/points');
  return response.data;
}

export function pointsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.points(), queryFn: getPoints });
}

export function usePoints() {
  return useQuery(pointsQueryOptions());
}
