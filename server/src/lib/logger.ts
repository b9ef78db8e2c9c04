import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never log credentials or tokens.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.newPassword'],
  });
}
