import type { EarlyRequests } from './start-early-requests';

/** How long after the page's start an early answer may still be used: later, the screen asks afresh. */
const FRESH_FOR_MS = 15_000;

type Params = Record<string, unknown> | undefined;

/** An API path below /api with its defined query parameters sorted by name: the early requests' keys. */
export function earlyRequestKey(url: string, params: Params): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(params ?? {}).sort()) {
    const value = params?.[name];
    // Our screens send strings, numbers and booleans; anything else is not a request the HTML made.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

export type EarlyAnswer = { data: unknown; status: number; headers: Record<string, string> };

/**
 * The answer the HTML's early request (start-early-requests.ts) got for this GET, once: a second call asks
 * the server again. Undefined when there was none, it is too old, the session changed since, or it failed
 * (the screen's own request then meets the failure and reports it the usual way).
 */
export async function takeEarlyResponse(url: string, params: Params, token: string | null): Promise<EarlyAnswer | undefined> {
  const early = (window as { __earlyRequests?: EarlyRequests }).__earlyRequests;
  if (!early || early.token !== token || Date.now() - early.startedAt > FRESH_FOR_MS) return undefined;
  const key = earlyRequestKey(url, params);
  const pending = early.responses[key];
  if (!pending) return undefined;
  delete early.responses[key];
  try {
    const response = await pending;
    if (!response.ok) return undefined;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { data: (await response.json()) as unknown, status: response.status, headers };
  } catch {
    return undefined;
  }
}
