import type { LoginInput, LoginResponse } from '@app/common';
import { useCallback, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { activateLanguage, isLanguage } from '../../../lib/i18n/language';
import { saveSession } from '../../../lib/session';
import { readDeviceToken, saveDeviceToken } from '../device-tokens';

// POST /api/auth/login (public) - { token, refreshToken, deviceToken, user }; 401 wrong credentials, 403 blocked,
// 429 throttled. This device's token for the username goes with it when there is one (contract "Known devices").
export async function login(input: LoginInput): Promise<LoginResponse> {
  const deviceToken = readDeviceToken(input.username);
  const response = await apiClient.post<LoginResponse>('/auth/login', deviceToken ? { ...input, deviceToken } : input);
  return response.data;
}

function rememberLogin({ refreshToken, deviceToken, user }: LoginResponse): void {
  if (typeof deviceToken === 'string') saveDeviceToken(user.username, deviceToken);
  // Contract "language and notifications": the user's own language follows them to this device.
  if (isLanguage(user.language)) void activateLanguage(user.language);
  // Spec §3: the login's refreshToken is stored as the token.
  saveSession({
    token: refreshToken,
    _id: user._id,
    username: user.username,
    userType: user.userType,
    partyName: user.partyName,
    isPasswordReset: user.isPasswordReset,
  });
}

type LoginState = { isPending: boolean; isError: boolean; error: unknown };

/**
 * Signs in and stores the session. The one request of the portal made without TanStack Query's useMutation
 * (lib/use-api-mutation.ts): the login screen is the first download of every visit, and TanStack Query was
 * about 10 KB gzip of its 125 KB budget (issue 18, decision 022). Same surface as a mutation's: mutate,
 * isPending, isError, error.
 */
export function useLogin() {
  const [state, setState] = useState<LoginState>({ isPending: false, isError: false, error: undefined });
  const mutate = useCallback((input: LoginInput) => {
    setState({ isPending: true, isError: false, error: undefined });
    login(input).then(
      (answer) => {
        rememberLogin(answer);
        setState({ isPending: false, isError: false, error: undefined });
      },
      (error: unknown) => setState({ isPending: false, isError: true, error }),
    );
  }, []);
  return { ...state, mutate };
}
