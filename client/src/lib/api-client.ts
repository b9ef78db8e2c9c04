import { env } from '../config/env';
import { ApiError } from './api-error';
import { takeEarlyResponse } from './early-requests/early-response';
import type { ApiResponse, RequestOptions } from './http';
import { readSession } from './session';

export { isApiError, serverMessage } from './api-error';

// Every call to the API goes through apiClient (house style 4.3): the bearer token is attached, failures
// become ApiError, and a 401 ends the session (http.ts). The transport is downloaded on the first request
// rather than with the entry bundle, so the login screen paints before it arrives (issue 8: the login
// route's JavaScript budget); the import is made once and shared.
let loading: Promise<typeof import('./http')> | undefined;
function loadHttp() {
  loading ??= import('./http').catch(() => {
    // Offline when the chunk was wanted: a network failure like any other (status 0), tried again next call.
    loading = undefined;
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return Promise.reject(new ApiError(0, undefined, undefined));
  });
  return loading.then((module) => module.http);
}

/**
 * Starts downloading the HTTP module now. A signed-in visit makes its first request as soon as a screen
 * renders, so waiting for that request would add a round trip before the screen's data (issue 10: the shop
 * on a phone); the login screen, where the first paint matters most, does not call this.
 */
export function preloadHttp(): void {
  void loadHttp().catch(() => undefined);
}

/**
 * The answer the page's HTML already asked for (lib/early-requests, decision 023), shaped as http.ts shapes
 * one. Only plain reads of this origin's API qualify: a download or another origin's API asks afresh.
 */
async function earlyAnswer<T>(url: string, config: RequestOptions | undefined): Promise<ApiResponse<T> | undefined> {
  const plainRead = Object.keys(config ?? {}).every((option) => option === 'params' || option === 'signal');
  if (env.API_URL !== '' || !plainRead) return undefined;
  const early = await takeEarlyResponse(url, config?.params, readSession()?.token ?? null);
  if (!early) return undefined;
  return { data: early.data as T, status: early.status, headers: early.headers };
}

export const apiClient = {
  async get<T>(url: string, config?: RequestOptions): Promise<ApiResponse<T>> {
    return (await earlyAnswer<T>(url, config)) ?? (await loadHttp()).get<T>(url, config);
  },
  async delete<T>(url: string, config?: RequestOptions): Promise<ApiResponse<T>> {
    return (await loadHttp()).delete<T>(url, config);
  },
  async post<T>(url: string, data?: unknown, config?: RequestOptions): Promise<ApiResponse<T>> {
    return (await loadHttp()).post<T>(url, data, config);
  },
  async put<T>(url: string, data?: unknown, config?: RequestOptions): Promise<ApiResponse<T>> {
    return (await loadHttp()).put<T>(url, data, config);
  },
  async patch<T>(url: string, data?: unknown, config?: RequestOptions): Promise<ApiResponse<T>> {
    return (await loadHttp()).patch<T>(url, data, config);
  },
};
