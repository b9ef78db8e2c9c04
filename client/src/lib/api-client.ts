import { isErrorCode, readErrorDetails, type ErrorCode, type ImportRowDetail } from '@app/common';
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { env } from '../config/env';
import { clearSession, readSession } from './session';

/**
 * Every failed call ends as one of these (house style 4.3). `status` is 0 when no answer arrived (network
 * down, timeout); `message` is the server's text for a person, or undefined when there is none, so screens
 * can fall back to the spec's own wording ('Failed to login', 'Failed to reset password').
 *
 * The answer's `details` is read here, once, by common's readErrorDetails, and is not kept raw: screens
 * use `fieldErrors` and `rowProblems` and never parse `details` by hand.
 */
export class ApiError {
  readonly name = 'ApiError';
  /** First message per input field (400 VALIDATION_FAILED); a nested path is filed under its last segment. */
  readonly fieldErrors: Partial<Record<string, string>>;
  /** The bad rows of a bulk import (400 before it starts), each with its problems. */
  readonly rowProblems: ImportRowDetail[];

  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    readonly message: string | undefined,
    details?: unknown,
  ) {
    const { fields, rows } = readErrorDetails(details);
    this.fieldErrors = fields;
    this.rowProblems = rows;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server's message for a failure, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.message : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Contract "API conventions": error bodies are { error, message, code, details? }. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
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

export const apiClient = axios.create({
  baseURL: `${env.API_URL}/api`,
  headers: { Accept: 'application/json' },
  timeout: 30_000,
});

apiClient.interceptors.request.use((config) => {
  const token = readSession()?.token;
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
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
