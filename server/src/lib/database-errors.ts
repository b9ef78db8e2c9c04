import { AppError } from './app-error';

// "The database cannot be reached right now", as opposed to "this query is wrong": the server answers 503
// DATABASE_UNAVAILABLE and the pool opens new connections on later requests once the database is back.

// 57P01 admin_shutdown (pg_terminate_backend, a fast stop), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting, stopping, recovering), 53300 too_many_connections; all of class 08 is connection_exception.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg raises these without a code: a socket that closed under a query, a client whose socket died earlier,
// connect timeouts (its own, and the pool's while waiting for a free connection). Compared whole, so that
// drizzle's "Failed query: … params: …" never matches on a value someone sent.
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'terminating connection due to administrator command',
]);

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error itself, then what it wraps: drizzle's DrizzleQueryError `.cause`, an AggregateError's `.errors`. */
function* errorChain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  const candidate = error as ErrorLike;
  yield candidate;
  yield* errorChain(candidate.cause, depth + 1);
  if (Array.isArray(candidate.errors)) for (const inner of candidate.errors) yield* errorChain(inner, depth + 1);
}

function isUnavailableReason(candidate: ErrorLike): boolean {
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  return UNAVAILABLE_MESSAGES.has(message);
}

/** The innermost reason the database is unreachable, or undefined when the error means something else. */
function unavailableReason(error: unknown): ErrorLike | undefined {
  for (const candidate of errorChain(error)) if (isUnavailableReason(candidate)) return candidate;
  return undefined;
}

/** True when the error (from pg or PGlite, bare or wrapped by drizzle) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}

/**
 * What to log about it: the driver's code and message only. Never the wrapping DrizzleQueryError, whose
 * message and `params` carry the query's values (password hashes among them).
 */
export function describeDatabaseUnavailable(error: unknown): { code?: string; reason: string } {
  const reason = unavailableReason(error);
  return {
    code: typeof reason?.code === 'string' ? reason.code : undefined,
    reason: typeof reason?.message === 'string' ? reason.message : 'the database is unreachable',
  };
}

/** The 503 a client gets; `cause` is kept for describeDatabaseUnavailable, never sent. */
export function databaseUnavailableError(cause?: unknown): AppError {
  return new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable at the moment. Please try again shortly.', {
    cause,
    headers: { 'Retry-After': '5' },
  });
}
