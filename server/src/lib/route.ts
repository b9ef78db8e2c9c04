import type { UserType } from '@app/common';
import type { Request } from 'express';
import type { z, ZodType } from 'zod';
import type { Db } from '../db/client';
import type { AuthenticatedUser } from './auth';
import type { JsonAnswer } from './json-answer';
import type { FileAnswer, StreamedAnswer } from './streamed-answer';

// One place per route (docs/decisions/008): a feature declares each of its routes with defineRoute: its
// path, who may call it, the schemas of its input, its body limit or upload, whether it honours an
// Idempotency-Key, what it answers (its success status and the schema of that body, issue 31), and a handler
// whose input is typed from those schemas and whose answer is typed from the answer's. routes.ts concatenates the
// features' lists; src/api-router.ts turns each declaration into Express middleware in one fixed order.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Spec §6: who may call a route; enforced on the server by authenticate + requireRole. */
export type RouteAccess = 'public' | readonly UserType[];

export const EVERYONE_SIGNED_IN = ['customer', 'admin', 'superadmin'] as const;
export const CUSTOMER = ['customer'] as const;
export const STAFF = ['admin', 'superadmin'] as const;
export const SUPERADMIN = ['superadmin'] as const;

export type RequestSchemas = { params?: ZodType; query?: ZodType; body?: ZodType };

type Parsed<Schema> = Schema extends ZodType ? z.output<Schema> : undefined;

/** The request's parts after their schemas parsed them (absent schema → undefined). */
export type RouteInput<Schemas extends RequestSchemas> = {
  params: Parsed<Schemas['params']>;
  query: Parsed<Schemas['query']>;
  body: Parsed<Schemas['body']>;
};

/** A multipart route: one file in `field`, kept in memory, at most `maxBytes` (contract: images ≤ 5 MB). */
export type UploadSpec = { field: string; maxBytes: number };

/** The uploaded file of a multipart route, as multer hands it over. */
export type UploadedFile = { fieldname: string; originalname: string; mimetype: string; size: number; buffer: Buffer };

export type RouteContext<Schemas extends RequestSchemas, Access extends RouteAccess> = {
  input: RouteInput<Schemas>;
  /** The signed-in caller; undefined only on public routes. */
  user: Access extends 'public' ? undefined : AuthenticatedUser;
  /** Present on upload routes when the request carried the file. */
  file: UploadedFile | undefined;
  /**
   * Where the handler reads and writes. On an idempotent route called with a key this is the transaction
   * that also stores the answer, so the work and its replay commit together; services that open their own
   * transaction get a savepoint inside it.
   */
  db: Db;
  /** The moment the request is handled (the injected clock). */
  now: Date;
  /** Runs after the answer is committed (and sent): start background work the answer promises. */
  afterCommit: (task: () => void) => void;
  /** A header of this answer (not kept for an idempotent replay). */
  setHeader: (name: string, value: string) => void;
  /** Escape hatch for what no schema covers (the client address for sign-in throttling). */
  request: Request;
};

/** What a success answer's body is: JSON of a schema from `@app/common` (src/answers), or a file. */
export type AnswerSchema = ZodType | FileAnswer;

/**
 * A route's success answer: its one status and what its body is. Error answers are the contract's one error
 * shape (apiErrorAnswer) for every route, so a route declares only its success.
 */
export type RouteAnswers = { 200: AnswerSchema } | { 201: AnswerSchema } | { 202: AnswerSchema };

type SuccessSchemaOf<Answers> = Answers extends { 200: infer Schema }
  ? Schema
  : Answers extends { 201: infer Schema }
    ? Schema
    : Answers extends { 202: infer Schema }
      ? Schema
      : never;

/** What a handler may return for its declared answer: a value of the schema, already serialised, or a file. */
export type AnswerBody<Answers> =
  SuccessSchemaOf<Answers> extends infer Schema
    ? Schema extends FileAnswer
      ? StreamedAnswer
      : Schema extends ZodType
        ? z.input<Schema> | JsonAnswer
        : never
    : never;

export type RouteDeclaration<Schemas extends RequestSchemas, Access extends RouteAccess, Answers extends RouteAnswers> = {
  method: HttpMethod;
  /** Under /api, in the spec's spelling (spec §7). */
  path: string;
  access: Access;
  /** Open to a signed-in user who still has to replace a password someone else chose. */
  allowBeforePasswordReset?: boolean;
  request?: Schemas;
  /** Largest JSON body accepted (default 1 MB); bigger → 413. */
  bodyLimit?: string;
  upload?: UploadSpec;
  /** Honour an Idempotency-Key header: the same key and body again → the first answer (lib/idempotency.ts). */
  idempotent?: boolean;
  /** The success answer: `{ 201: billChangeAnswer }`. A route without one does not compile (route.test-d.ts). */
  answers: Answers;
  /** Returns the answer's body (or a promise of it); throws AppError for anything else. */
  handler(context: RouteContext<Schemas, Access>): AnswerBody<Answers> | Promise<AnswerBody<Answers>>;
};

/** A declaration with its types erased, as the route table and the router hold it. */
export type RouteDefinition = Omit<RouteDeclaration<RequestSchemas, RouteAccess, RouteAnswers>, 'handler' | 'request'> & {
  request: RequestSchemas;
  /** The success status, read from `answers`. */
  status: number;
  /** What a success answer's body is. */
  answer: AnswerSchema;
  handler(context: RouteContext<RequestSchemas, RouteAccess>): unknown;
};

/**
 * A route as routes.ts hands it out: with the feature folder that declares it (server/src/features/<feature>/
 * <feature>.routes.ts), which is not always the URL's first segment (checkout lives in orders).
 */
export type TableRoute = RouteDefinition & { feature: string };

/** Declares one route; the handler's input, user and file are typed from the declaration, its answer too. */
export function defineRoute<
  const Schemas extends RequestSchemas = Record<never, never>,
  const Access extends RouteAccess = RouteAccess,
  const Answers extends RouteAnswers = RouteAnswers,
>(declaration: RouteDeclaration<Schemas, Access, Answers>): RouteDefinition {
  // The type allows one status; a plain-JavaScript caller or a cast could still give none or two.
  const answers = Object.entries<AnswerSchema>(declaration.answers ?? {});
  const [success] = answers;
  if (answers.length !== 1 || !success || !/^20[012]$/.test(success[0])) {
    throw new Error(`${declaration.method.toUpperCase()} ${declaration.path} must declare one success answer (200, 201 or 202)`);
  }
  return {
    ...declaration,
    request: declaration.request ?? {},
    status: Number(success[0]),
    answer: success[1],
  };
}
