import type { Preferences, UpdatePreferencesInput } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { preferenceKeys } from '../keys';

// GET /api/user/preferences (any signed-in user, their own) - { language, email }
export async function getPreferences(): Promise<Preferences> {
  const response = await apiClient.get<Preferences>('/user/preferences');
  return response.data;
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferenceKeys.detail(), queryFn: getPreferences });
}

export function usePreferences({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...preferencesQueryOptions(), enabled });
}

// PUT /api/user/preferences { language?, email? } - { language, email }; 400 with details.email for a bad email.
export async function updatePreferences(input: UpdatePreferencesInput): Promise<Preferences> {
  const response = await apiClient.put<Preferences>('/user/preferences', input);
  return response.data;
}

export function useUpdatePreferences({
  mutationConfig,
}: { mutationConfig?: MutationConfig<Preferences, UpdatePreferencesInput> } = {}) {
  return useApiMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences, _input, queryClient) => queryClient.setQueryData(preferenceKeys.detail(), preferences),
    mutationConfig,
  });
}
