import type { Profile } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from '../keys';

// GET /api/user/profile (customer) - the signed-in customer's record
export async function getProfile(): Promise<Profile> {
  const response = await apiClient.get<Profile>('/user/profile');
  return response.data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
