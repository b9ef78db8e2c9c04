import type { FieldProblem } from '@app/common';
import type { RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { AppError } from './app-error';
import type { RequestSchemas } from './route';

export function zodIssuesToDetails(error: ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
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
      const result = schema.safeParse(req[part] ?? {});
      if (result.success) valid[part] = result.data;
      else problems.push(...zodIssuesToDetails(result.error));
    }
    if (problems.length > 0) {
      const first = problems[0];
      const message = problems.length === 1 && first ? `${first.field}: ${first.message}` : 'Some fields are invalid';
      throw new AppError('VALIDATION_FAILED', message, { details: problems });
    }
    req.valid = { ...req.valid, ...valid };
    next();
  };
}
