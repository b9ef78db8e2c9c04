import type { FieldProblem } from '@app/common';
import type { RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { AppError } from './app-error';
import type { RequestSchemas } from './route';

export function zodIssuesToDetails(error: ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
}

/** What a 400 says when more than one field is wrong; `details` names each of them. */
export const SEVERAL_FIELDS_INVALID = 'Some fields are invalid';

/**
 * The 400 for input that failed its checks. Contract "API conventions": `error` is a sentence a person reads
 * as it stands (clients written for the spec show it raw, "Order Failed Choose a delivery address"), so it
 * never names a field or a path; the fields are in `details`. When every problem is about one field, the
 * sentence is that field's first message, which says what to do; when several fields are wrong, a general
 * sentence, since naming one would hide the others (decision 038).
 */
export function invalidInput(problems: FieldProblem[]): AppError {
  const [first] = problems;
  const oneField = first !== undefined && problems.every((problem) => problem.field === first.field);
  return new AppError('VALIDATION_FAILED', oneField ? first.message : SEVERAL_FIELDS_INVALID, { details: problems });
}

const NUL = '\u0000';

/**
 * Where a NUL character hides in a request part (in a value or a key), as a field path. PostgreSQL refuses
 * NUL in text, so a NUL that reached a query would surface as a 500; it is refused here for every route.
 */
function findNul(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || '(body)' : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')].join('.');
    const found = findNul(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Parses the request parts and puts the results on req.valid. Express 5's req.query is a getter, so parsed
 * input never goes back onto it (house style, trap F).
 */
export function validate(schemas: RequestSchemas): RequestHandler {
  return (req, _res, next) => {
    const valid: Record<string, unknown> = {};
    const problems: FieldProblem[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const nulAt = findNul(req[part]);
      if (nulAt !== undefined) {
        problems.push({ field: nulAt, message: 'Text may not contain the NUL character' });
        continue;
      }
      const result = schema.safeParse(req[part] ?? {});
      if (result.success) valid[part] = result.data;
      else problems.push(...zodIssuesToDetails(result.error));
    }
    if (problems.length > 0) throw invalidInput(problems);
    req.valid = { ...req.valid, ...valid };
    next();
  };
}
