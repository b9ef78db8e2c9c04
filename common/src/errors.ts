import type { z } from 'zod';
import type { apiErrorAnswer, fieldProblem, importRowDetail } from './answers/errors';

// Contract "API conventions": one closed list of error codes, one status for each (house style 4.3).
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE_USERNAME: 409,
  DUPLICATE_BILL_NUMBER: 409,
  INSUFFICIENT_POINTS: 409,
  OUT_OF_STOCK: 409,
  ORDER_CANCELLED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** One problem with one input field ("username", or a nested path such as "items.0.quantity"). */
export type FieldProblem = z.infer<typeof fieldProblem>;

/** One bad row of a bulk import: its position in `users` (0-based), its username, what is wrong. */
export type ImportRowDetail = z.infer<typeof importRowDetail>;

/**
 * What `details` of an error answer holds: per-field problems (a form, a query, a body) or per-row problems
 * (a bulk import). Both are arrays so a client written for either keeps reading them.
 */
export type ErrorDetails = NonNullable<z.infer<typeof apiErrorAnswer>['details']>;

/** The body of every error answer: `error` and `message` carry the same text for a person. */
export type ApiErrorBody = z.infer<typeof apiErrorAnswer>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isFieldProblem(value: unknown): value is FieldProblem {
  return isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

function isImportRowDetail(value: unknown): value is ImportRowDetail {
  return (
    isRecord(value) &&
    Number.isInteger(value.index) &&
    typeof value.username === 'string' &&
    Array.isArray(value.problems) &&
    value.problems.every(isFieldProblem)
  );
}

/** `details` as it arrived from the network, sorted into what it is; anything else is dropped. */
export type ReadDetails = {
  /** First message per field; a nested path ("body.username") is filed under its last segment, and under its
   * path within the body too ("tierBillingRequirements.Gold") when that is longer. */
  fields: Partial<Record<string, string>>;
  rows: ImportRowDetail[];
};

/** The one reader of an error answer's `details` (the client's ApiError uses it; so do tests). */
export function readErrorDetails(details: unknown): ReadDetails {
  const read: ReadDetails = { fields: {}, rows: [] };
  if (!Array.isArray(details)) return read;
  for (const detail of details as unknown[]) {
    if (isImportRowDetail(detail)) read.rows.push(detail);
    else if (isFieldProblem(detail)) {
      const name = detail.field.split('.').pop() ?? detail.field;
      read.fields[name] ??= detail.message;
      // Also under the whole path within the body (tierBillingRequirements.Gold), for forms of nested values.
      const path = detail.field.replace(/^(?:body|query|params)\./, '');
      if (path !== name) read.fields[path] ??= detail.message;
    }
  }
  return read;
}
