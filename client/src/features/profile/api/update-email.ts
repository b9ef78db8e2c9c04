import type { Preferences } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { profileKeys } from '../keys';

/** The customer's email for notifications: an address, or null to remove it. */
export type UpdateEmailInput = { email: string | null };

// PUT /api/user/preferences { email } (any signed-in user, their own) - { language, email }; an invalid email
// is a 400 with details for the field `email` (contract "language and notifications")
export async function updateEmail(input: UpdateEmailInput): Promise<Preferences> {
  const response = await apiClient.put<Preferences>('/user/preferences', input);
  return response.data;
}

export function useUpdateEmail({ mutationConfig }: { mutationConfig?: MutationConfig<Preferences, UpdateEmailInput> } = {}) {
  return useApiMutation({
    mutationFn: updateEmail,
    // The profile carries the email: read it back as the server stored it (trimmed, domain in lower case).
    onSuccess: (_preferences, _input, queryClient) => void queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    mutationConfig,
  });
}
