import { readErrorDetails, type ErrorCode, type ImportRowDetail } from '@app/common';

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
  /** First message per input field (400 VALIDATION_FAILED): under its last segment, and its path in the body. */
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
