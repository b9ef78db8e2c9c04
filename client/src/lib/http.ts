import { isErrorCode } from '@app/common';
import { env } from '../config/env';
import { ApiError } from './api-error';
import { currentLanguage } from './i18n/language';
import { clearSession, readSession } from './session';

// The API's transport: the browser's fetch with what every call needs (decision 044). It replaced axios, whose
// module cost a phone's first signed-in screen 100–150 ms of main thread at an 8× slowdown (its evaluation
// tests the fetch API by building requests and streams) and 21 KB gzip of every route. Loaded on the first
// request (api-client.ts), not with the entry: the login screen renders without it.

/** What a call may set besides its path and body (the options of axios our screens used). */
export type RequestOptions = {
  /** The query: undefined and null values are left out. */
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'arraybuffer' for a file's bytes; otherwise the answer is read as JSON (or nothing, when empty). */
  responseType?: 'json' | 'arraybuffer';
  /** Milliseconds before the call gives up as a network failure (status 0). */
  timeout?: number;
};

/** A query's values: what our screens send (no nested objects, which a query cannot spell one way). */
export type QueryParams = Record<string, string | number | boolean | Date | null | undefined>;

/** An answer: its body, its status and its headers (names in lower case). */
export type ApiResponse<T> = { data: T; status: number; headers: Record<string, string> };

const DEFAULT_TIMEOUT_MS = 30_000;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Contract "API conventions": error bodies are { error, message, code, details? }. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return new ApiError(
    status,
    isErrorCode(fields.code) ? fields.code : undefined,
    nonEmptyString(fields.message) ?? nonEmptyString(fields.error),
    fields.details,
  );
}

/** The address of an API path with its query; relative to the page when the API is on the same origin. */
export function apiUrl(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(name, value instanceof Date ? value.toISOString() : String(value));
  }
  const search = query.toString();
  const url = `${env.API_URL}/api${path}${search ? `?${search}` : ''}`;
  // A page's fetch resolves a relative address against the page; so does this, for every runtime.
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').href;
}

function isLoginRequest(method: string, path: string): boolean {
  return method === 'POST' && path === '/auth/login';
}

/** A plain object or array goes as JSON; FormData, Blob, text and bytes as they are; null and undefined as no body. */
function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer) {
    return data;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

/** The body of an answer: bytes when asked for, else JSON, else its text (a proxy's page), else nothing. */
async function decodeBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (responseType === 'arraybuffer' && response.ok) return response.arrayBuffer();
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The caller's signal and the timeout as one: whichever comes first aborts the call. */
function abortSignal(
  signal: AbortSignal | undefined,
  timeout: number,
): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

async function request<T>(method: string, path: string, data: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = readSession()?.token;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  // The server answers a signed-in user in their stored language; before sign-in (a wrong password) it reads
  // this, so the login's messages follow the screen's language too.
  headers.set('Accept-Language', currentLanguage());
  const body = encodeBody(data, headers);
  const abort = abortSignal(options.signal, options.timeout ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(apiUrl(path, options.params), { method, headers, body, signal: abort.signal });
    answer = await decodeBody(response, options.responseType);
  } catch (error) {
    // The caller's own cancellation (a screen left, TanStack Query's signal) stays what it is.
    if (options.signal?.aborted && !abort.timedOut()) throw error;
    // No answer: network down, the timeout, a connection cut mid-answer. (ApiError is a plain value on purpose:
    // its message may be absent, so screens fall back to the spec's text.)
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw new ApiError(0, undefined, undefined);
  } finally {
    abort.done();
  }
  if (!response.ok) {
    const apiError = apiErrorOf(response.status, answer);
    // Spec §4: "A 401 on the points fetch clears the session and redirects to /". Any other 401 means the
    // same thing (token expired or revoked), except a failed login, whose 401 is just wrong credentials.
    // Clearing the session is enough to leave: every route but / requires one and redirects there.
    if (apiError.status === 401 && !isLoginRequest(method, path) && readSession()) {
      console.error('Unauthorized. Redirecting to login.');
      clearSession();
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw apiError;
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  return { data: answer as T, status: response.status, headers: responseHeaders };
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  post: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('POST', path, data, options),
  put: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', path, data, options),
  patch: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('PATCH', path, data, options),
};
