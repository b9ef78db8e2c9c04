import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors';

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One problem with one input field ("username", or a nested path such as "items.0.quantity"). */
export const fieldProblem = z.object({ field: z.string(), message: z.string() });

/** One bad row of a bulk import: its position in `users` (0-based), its username, what is wrong. */
export const importRowDetail = z.object({
  index: z.number().int().min(0),
  username: z.string(),
  problems: z.array(fieldProblem),
});

/**
 * The body of every error answer (contract "API conventions"): `error` and `message` carry the same text for
 * a person; `details` holds per-field problems (a form, a query, a body) or per-row problems (a bulk import).
 */
export const apiErrorAnswer = z.object({
  error: z.string().describe('A message for a person'),
  message: z.string().describe('The same text as error'),
  code: z.enum(errorCodes),
  details: z
    .union([z.array(fieldProblem), z.array(importRowDetail)])
    .optional()
    .describe('Per-field problems ({field, message}) or, for a bulk import, per-row problems'),
});
