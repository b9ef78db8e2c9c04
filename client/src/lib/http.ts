import { isErrorCode } from '@app/common';
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { env } from '../config/env';
import { ApiError } from './api-error';
import { currentLanguage } from './i18n/language';
import { clearSession, readSession } from './session';

// The axios instance behind apiClient. It is loaded on the first request (api-client.ts), not with the
// entry bundle: the login screen renders without it (issue 8, the login route's budget).

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Contract "API conventions": error bodies are { error, message, code, details? }. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError && error.response) {
    const body: unknown = error.response.data;
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    return new ApiError(
      error.response.status,
      isErrorCode(fields.code) ? fields.code : undefined,
      nonEmptyString(fields.message) ?? nonEmptyString(fields.error),
      fields.details,
    );
  }
  return new ApiError(0, undefined, undefined);
}

function isLoginRequest(config: InternalAxiosRequestConfig | undefined): boolean {
  return config?.method?.toLowerCase() === 'post' && config.url === '/auth/login';
}

export const http = axios.create({
  baseURL: `${env.API_URL}/api`,
  headers: { Accept: 'application/json' },
  timeout: 30_000,
});

http.interceptors.request.use((config) => {
  const token = readSession()?.token;
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  // The server answers a signed-in user in their stored language; before sign-in (a wrong password) it reads
  // this, so the login's messages follow the screen's language too.
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});

/**
 * A download (responseType 'arraybuffer', lib/download-file.ts) receives its error body as bytes too: read
 * them back as JSON so the contract's error shape reaches the screen like any other call's.
 */
function readBinaryErrorBody(error: unknown): void {
  const response = error instanceof AxiosError ? error.response : undefined;
  if (!response || !(response.data instanceof ArrayBuffer)) return;
  try {
    response.data = JSON.parse(new TextDecoder().decode(response.data)) as unknown;
  } catch {
    // Not JSON (a proxy's page): the status alone describes the failure.
  }
}

http.interceptors.response.use(undefined, (error: unknown) => {
  readBinaryErrorBody(error);
  const apiError = toApiError(error);
  // Spec §4: "A 401 on the points fetch clears the session and redirects to /". Any other 401 means the
  // same thing (token expired or revoked), except a failed login, whose 401 is just wrong credentials.
  // Clearing the session is enough to leave: every route but / requires one and redirects there.
  if (apiError.status === 401 && !isLoginRequest(error instanceof AxiosError ? error.config : undefined)) {
    if (readSession()) {
      console.error('Unauthorized. Redirecting to login.');
      clearSession();
    }
  }
  // ApiError is a plain value on purpose (its message may be absent, so screens fall back to the spec's text).
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  return Promise.reject(apiError);
});
