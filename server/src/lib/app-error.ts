import { ERROR_STATUS, type ErrorCode, type ErrorDetails } from '@app/common';

/** The one error type services throw; error-handler.ts maps its code to the status (house style 4.3). */
export class AppError extends Error {
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}
