import type { Tier } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from '../keys';

/** The customer's own record (contract: GET /api/user/profile, with availablePoints and tier). */
export type Profile = {
  _id: string;
  username: string;
  partyName: string;
  phoneNumber: string;
  userType: string;
  availablePoints: number;
  totalPoints: number;
  tier: Tier;
  blocked: boolean;
  isPasswordReset: boolean;
};

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
