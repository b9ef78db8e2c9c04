import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

// Never log credentials, tokens, hashes or query parameters (issue 7, finding 4): a failed insert's error
// message carried its parameters, bcrypt hashes included.
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.refreshToken',
  '*.jwtSecret',
];

type SerializedError = ReturnType<typeof stdSerializers.err>;

/**
 * An error as the log keeps it: type, message, code, stack, and its cause, without the parameters drizzle
 * and pg attach to a failed query (in `params`, and after "params:" in the message).
 */
export function safeError(error: unknown, depth = 0): SerializedError | undefined {
  if (error === undefined) return undefined;
  // Something thrown that is not an Error: its type only (its text could be anything, a secret included).
  if (!(error instanceof Error)) return stdSerializers.err(new Error(`non-Error thrown: ${typeof error}`));
  const serialized = stdSerializers.err(error) as SerializedError & Record<string, unknown>;
  const safe: Record<string, unknown> = {
    type: serialized.type,
    message: serialized.message.replace(/\n?params:[\s\S]*$/, ''),
    stack: serialized.stack.replace(/\n?params:[\s\S]*?(?=\n\s+at |$)/, ''),
  };
  for (const field of ['code', 'severity', 'detail', 'constraint', 'table', 'column', 'routine'] as const) {
    // pg's `detail` repeats the offending values ("Key (username)=(…)"): kept out.
    if (field === 'detail') continue;
    if (serialized[field] !== undefined) safe[field] = serialized[field];
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe as SerializedError;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: REDACTED_PATHS, serializers: { err: safeError } }, destination);
}
