import type { ZodType } from 'zod';
import { JsonAnswer } from './json-answer';
import type { AnswerSchema } from './route';
import { FileAnswer, StreamedAnswer } from './streamed-answer';

// Issue 31: in the test run (NODE_ENV=test) every answer the API sends is checked against what its route
// declares (lib/route.ts `answers`; errors against the one error shape). A field missing, of the wrong type or
// not declared is a mismatch; each is kept here until the test's afterEach takes it and fails the test that
// caused it (src/test/answer-check-setup.ts). Outside tests nothing is checked: the declarations are the
// reference's and the client's, and a check per answer would cost every request.

export type AnswerMismatch = { route: string; status: number; problems: string[] };

const mismatches: AnswerMismatch[] = [];

/** The mismatches found since the last call, emptied. */
export function takeAnswerMismatches(): AnswerMismatch[] {
  return mismatches.splice(0);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields `sent` has that the parsed value lacks: the schema's objects strip what they do not declare, so
 * a key dropped by the parse is a field no declaration names. (An open object, such as `z.looseObject` or a
 * record, keeps its keys and so allows them.)
 */
function undeclaredFields(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((value, index) => undeclaredFields(value, parsed[index], `${path}${path ? '.' : ''}${index}`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) => {
    const at = `${path}${path ? '.' : ''}${key}`;
    return Object.hasOwn(parsed, key) ? undeclaredFields(sent[key], parsed[key], at) : [`${at}: not declared`];
  });
}

/** What is wrong with `body` as JSON of `schema` (empty when it matches). */
export function jsonAnswerProblems(schema: ZodType, body: unknown): string[] {
  // What the client receives: JSON drops undefined fields and turns dates into text.
  const sent: unknown =
    body instanceof JsonAnswer ? JSON.parse(body.body.toString('utf8')) : JSON.parse(JSON.stringify(body) ?? 'null');
  const result = schema.safeParse(sent);
  if (!result.success) return result.error.issues.map((issue) => `${issue.path.join('.') || '(the body)'}: ${issue.message}`);
  return undeclaredFields(sent, result.data, '');
}

/** What is wrong with a handler's success answer, given what its route declares. */
export function answerProblems(declared: AnswerSchema, body: unknown): string[] {
  if (declared instanceof FileAnswer) {
    if (!(body instanceof StreamedAnswer)) return ['(the body): a file was declared, JSON was answered'];
    return declared.mediaTypes.includes(body.contentType) ? [] : [`(the body): ${body.contentType} is not declared`];
  }
  if (body instanceof StreamedAnswer) return ['(the body): JSON was declared, a file was answered'];
  return jsonAnswerProblems(declared, body);
}

/** Keeps a mismatch for the test's afterEach; returns whether there was one. */
export function recordAnswerProblems(route: string, status: number, problems: string[]): boolean {
  if (problems.length === 0) return false;
  mismatches.push({ route, status, problems });
  return true;
}
