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

// Each early answer is read once, whoever asks first (the screen, or the first picture's preload), and shared;
// kept per page start (a test starts several).
type Reading = { read: Map<string, Promise<EarlyAnswer | undefined>>; taken: Set<string> };
const readings = new WeakMap<EarlyRequests, Reading>();

function readingOf(early: EarlyRequests): Reading {
  let reading = readings.get(early);
  if (!reading) {
    reading = { read: new Map(), taken: new Set() };
    readings.set(early, reading);
  }
  return reading;
}

function earlyRequests(token: string | null): EarlyRequests | undefined {
  const early = (window as { __earlyRequests?: EarlyRequests }).__earlyRequests;
  if (!early || early.token !== token || Date.now() - early.startedAt > FRESH_FOR_MS) return undefined;
  return early;
}

async function readAnswer(pending: Promise<Response>): Promise<EarlyAnswer | undefined> {
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

function answerOf(early: EarlyRequests, key: string): Promise<EarlyAnswer | undefined> | undefined {
  const { read } = readingOf(early);
  let answer = read.get(key);
  if (!answer) {
    const pending = early.responses[key];
    if (!pending) return undefined;
    answer = readAnswer(pending);
    read.set(key, answer);
  }
  return answer;
}

/**
 * The answer the HTML's early request (start-early-requests.ts) got for this GET, once: a second call asks
 * the server again. Undefined when there was none, it is too old, the session changed since, or it failed
 * (the screen's own request then meets the failure and reports it the usual way).
 */
export async function takeEarlyResponse(url: string, params: Params, token: string | null): Promise<EarlyAnswer | undefined> {
  const early = earlyRequests(token);
  const key = earlyRequestKey(url, params);
  if (!early || readingOf(early).taken.has(key)) return undefined;
  const answer = answerOf(early, key);
  if (!answer) return undefined;
  readingOf(early).taken.add(key);
  return answer;
}

/**
 * The same answer, looked at without taking it: the screen still gets it from takeEarlyResponse. For what the
 * page can start before the screen's code has arrived (the first picture, first-picture.ts); the data is shared
 * with the screen, so it must not be changed.
 */
export function peekEarlyResponse(url: string, params: Params, token: string | null): Promise<EarlyAnswer | undefined> {
  const early = earlyRequests(token);
  return (early && answerOf(early, earlyRequestKey(url, params))) ?? Promise.resolve(undefined);
}
