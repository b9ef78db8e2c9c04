import type { LoginInput, LoginResponse } from '@app/common';
import { apiClient } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { readDeviceToken, saveDeviceToken } from '../device-tokens';

// POST /api/auth/login (public) - { token, refreshToken, deviceToken, user }; 401 wrong credentials, 403 blocked,
// 429 throttled. This device's token for the username goes with it when there is one (contract "Known devices").
export async function login(input: LoginInput): Promise<LoginResponse> {
  const deviceToken = readDeviceToken(input.username);
  const response = await apiClient.post<LoginResponse>('/auth/login', deviceToken ? { ...input, deviceToken } : input);
  return response.data;
}

/** Signs in and stores the session; the caller's onSuccess runs after the session is saved. */
export function useLogin({ mutationConfig }: { mutationConfig?: MutationConfig<LoginResponse, LoginInput> } = {}) {
  return useApiMutation({
    mutationFn: login,
    onSuccess: ({ refreshToken, deviceToken, user }) => {
      if (typeof deviceToken === 'string') saveDeviceToken(user.username, deviceToken);
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
