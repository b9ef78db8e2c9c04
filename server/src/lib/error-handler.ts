import type { ApiErrorBody, ErrorCode } from '@app/common';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { ZodError } from 'zod';
import { AppError } from './app-error';
import { databaseUnavailableError, describeDatabaseUnavailable, isDatabaseUnavailable } from './database-errors';
import { isUniqueViolation } from './postgres-errors';
import { localizeErrorBody, readerLanguage } from './reader-language';
import { invalidInput, zodIssuesToDetails } from './validate';

const INTERNAL_MESSAGE = 'Something went wrong on our side';

// Every multer code (multer 2.5) with the status and words a client gets; all of them are the sender's doing.
const MULTER_ERRORS: Record<string, [ErrorCode, string]> = {
  LIMIT_FILE_SIZE: ['PAYLOAD_TOO_LARGE', 'The file is too large'],
  LIMIT_PART_COUNT: ['PAYLOAD_TOO_LARGE', 'The form has too many parts'],
  LIMIT_FIELD_VALUE: ['PAYLOAD_TOO_LARGE', 'A form field is too long'],
  LIMIT_FILE_COUNT: ['VALIDATION_FAILED', 'Send one file only'],
  LIMIT_FIELD_KEY: ['VALIDATION_FAILED', 'A form field name is too long'],
  LIMIT_FIELD_COUNT: ['VALIDATION_FAILED', 'The form has too many fields'],
  LIMIT_UNEXPECTED_FILE: ['VALIDATION_FAILED', 'The file was sent in an unexpected field'],
  MISSING_FIELD_NAME: ['VALIDATION_FAILED', 'A form field has no name'],
  LIMIT_FIELD_NESTING: ['VALIDATION_FAILED', 'A form field name is nested too deep'],
  LIMIT_FIELD_ARRAY_INDEX: ['VALIDATION_FAILED', 'A form field index is too large'],
  INVALID_FIELD_NAME: ['VALIDATION_FAILED', 'A form field name is not valid'],
  STREAM_DESTROYED: ['VALIDATION_FAILED', 'The upload was interrupted'],
};

function fromMulter(error: multer.MulterError): AppError {
  const [code, message] = MULTER_ERRORS[error.code] ?? ['VALIDATION_FAILED', 'The upload could not be read'];
  return new AppError(code, message, error.field ? { details: [{ field: error.field, message }] } : {});
}

/**
 * The multipart parser's failures other than multer's own (busboy: no boundary, malformed part header,
 * unexpected end of form; the request aborted) all come from what the client sent.
 */
export function unreadableUpload(cause: unknown): AppError {
  if (cause instanceof multer.MulterError) return fromMulter(cause);
  return new AppError('VALIDATION_FAILED', 'The upload could not be read', { cause });
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    return invalidInput(zodIssuesToDetails(error));
  }
  const candidate = error as { type?: string; status?: number; code?: string };
  // body-parser marks its own failures with a type and a 4xx status.
  if (candidate?.type === 'entity.parse.failed') return new AppError('VALIDATION_FAILED', 'The request body is not valid JSON');
  if (candidate?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (candidate?.type === 'encoding.unsupported' || candidate?.type === 'charset.unsupported') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported');
  }
  if (error instanceof multer.MulterError) return fromMulter(error);
  // Backstop for a unique index a service did not check first.
  if (isUniqueViolation(error)) return new AppError('CONFLICT', 'This record already exists');
  // A lost or refused connection: 503 while the database is away; the pool reconnects by itself.
  if (isDatabaseUnavailable(error)) return databaseUnavailableError(error);
  // serve-static's 404 for a missing asset or upload.
  if (candidate?.status === 404) return new AppError('NOT_FOUND', 'Not found');
  if (typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500) {
    return new AppError('VALIDATION_FAILED', 'The request could not be read');
  }
  return new AppError('INTERNAL', INTERNAL_MESSAGE, { cause: error });
}

/** Turns every failure into the contract's error shape; never sends a stack trace or a database message. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  // Every request is logged once (lib/request-logger.ts: 4xx at info, 5xx at error); a 5xx also gets its cause
  // logged here. The database being away is no bug of ours: a warning with the driver's reason only (503 at warn).
  res.locals.errorCode = appError.code;
  if (appError.code === 'DATABASE_UNAVAILABLE')
    req.log.warn({ database: describeDatabaseUnavailable(error) }, 'database unavailable');
  else if (appError.status >= 500) req.log.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  const body: ApiErrorBody = { error: appError.message, message: appError.message, code: appError.code };
  if (appError.details !== undefined) body.details = appError.details;
  if (appError.headers) res.set(appError.headers);
  // In the reader's language (contract "language and notifications"); English goes out as built.
  res.status(appError.status).json(localizeErrorBody(body, readerLanguage(req, res)));
};

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError('NOT_FOUND', `No API route ${req.method} ${req.originalUrl.split('?')[0]}`);
};
