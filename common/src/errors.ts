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
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error answer: `error` and `message` carry the same text for a person. */
export type ApiErrorBody = {
  error: string;
  message: string;
  code: ErrorCode;
  details?: unknown;
};
