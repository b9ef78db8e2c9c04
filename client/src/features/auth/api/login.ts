import type { LoginInput, LoginResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';

// POST /api/auth/login (public) - { token, refreshToken, user }; 401 wrong credentials, 403 blocked, 429 throttled
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await apiClient.post<LoginResponse>('/auth/login', input);
  return response.data;
}

/** Signs in and stores the session; the caller's onSuccess runs after the session is saved. */
export function useLogin({ mutationConfig }: { mutationConfig?: MutationConfig<LoginResponse, LoginInput> } = {}) {
  return useApiMutation({
    mutationFn: login,
    onSuccess: ({ refreshToken, user }) => {
      // Spec §3: the login's refreshToken is stored as the token.
      saveSession({
        token: refreshToken,
        _id: user._id,
        username: user.username,
        userType: user.userType,
        partyName: user.partyName,
        isPasswordReset: user.isPasswordReset,
      });
    },
    mutationConfig,
  });
}
