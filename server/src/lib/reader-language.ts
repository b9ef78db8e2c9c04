import {
  createMessageLocalizer,
  type ApiErrorBody,
  type ErrorDetails,
  type FieldProblem,
  type ImportRowDetail,
  type Language,
} from '@app/common';
import hiMessages from '@app/common/i18n/locales/hi/messages.json';
import type { Request, Response } from 'express';

// Contract "language and notifications": error answers in the reader's language. Messages are written in
// English where they arise; the answer goes through one map from that English to Hindi (hi/messages.json).

const toHindi = createMessageLocalizer(hiMessages);

/** Set by authentication as soon as the session's user is read, so even its own refusals know the reader. */
export function rememberReaderLanguage(res: Response, language: Language): void {
  res.locals.language = language;
}

/**
 * The signed-in user's stored language; without a valid session (sign-in, a stale token), Hindi when the
 * first language of Accept-Language is Hindi ("hi", "hi-IN"), else English.
 */
export function readerLanguage(req: Request, res: Response): Language {
  const stored: unknown = res.locals.language;
  if (stored === 'hi' || stored === 'en') return stored;
  const first = (req.get('accept-language') ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return first === 'hi' || first.startsWith('hi-') ? 'hi' : 'en';
}

function localizeDetails(details: ErrorDetails, localize: (message: string) => string): ErrorDetails {
  const field = (problem: FieldProblem): FieldProblem => ({ ...problem, message: localize(problem.message) });
  return (details as (FieldProblem | ImportRowDetail)[]).map((detail) =>
    'problems' in detail ? { ...detail, problems: detail.problems.map(field) } : field(detail),
  ) as ErrorDetails;
}

/** The error body in `language`; English is returned as it was built, byte for byte. */
export function localizeErrorBody(body: ApiErrorBody, language: Language): ApiErrorBody {
  if (language !== 'hi') return body;
  const text = toHindi(body.error);
  const localized: ApiErrorBody = { error: text, message: text, code: body.code };
  if (body.details !== undefined) localized.details = localizeDetails(body.details, toHindi);
  return localized;
}

/** A failure kept in a record and read later (a bulk import's), in the reader's language like an error answer. */
export function localizeStoredFailure<Failure extends { message: string; code: ApiErrorBody['code']; details?: ErrorDetails }>(
  failure: Failure,
  language: Language,
): Failure {
  if (language !== 'hi') return failure;
  const body = localizeErrorBody(
    { error: failure.message, message: failure.message, code: failure.code, details: failure.details },
    language,
  );
  return { ...failure, message: body.message, ...(body.details === undefined ? {} : { details: body.details }) };
}
