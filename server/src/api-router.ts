import express, { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { apiErrorAnswer } from '@app/common';
import type { AppDeps } from './deps';
import { answerProblems, jsonAnswerProblems, recordAnswerProblems } from './lib/answer-check';
import { AppError } from './lib/app-error';
import { JsonAnswer } from './lib/json-answer';
import { StreamedAnswer } from './lib/streamed-answer';
import { createAuthenticate } from './features/auth/authenticate';
import { requireRole } from './lib/auth';
import { apiNotFound, unreadableUpload } from './lib/error-handler';
import { IDEMPOTENCY_KEY_HEADER, purgeExpiredIdempotencyKeys, readIdempotencyKey, runOnce } from './lib/idempotency';
import type { RouteAccess, RouteContext, RequestSchemas, RouteDefinition, UploadSpec } from './lib/route';
import { validate } from './lib/validate';

/** JSON bodies up to this size unless a route declares its own bodyLimit. */
export const DEFAULT_BODY_LIMIT = '1mb';
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

function uploadParser(upload: UploadSpec): RequestHandler {
  // Memory storage: the service checks the bytes (type by content) and writes the file itself. Only the
  // declared field, one file, a few short text fields; multer's errors become 4xx in error-handler.ts.
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: upload.maxBytes, files: 1, fields: 20, fieldSize: 100_000, parts: 30 },
  }).single(upload.field);
  const tooLarge = `The file must be at most ${Math.round(upload.maxBytes / (1024 * 1024))} MB`;
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(new AppError('PAYLOAD_TOO_LARGE', tooLarge, { details: [{ field: upload.field, message: tooLarge }] }));
      }
      next(error ? unreadableUpload(error) : undefined);
    });
}

/**
 * Turns the route table into Express routes, each in the same order: sign-in and role (spec §6), then the
 * body (parsed only for callers allowed to send one), then the schemas, then the handler, optionally once
 * per Idempotency-Key.
 */
export function createApiRouter(deps: AppDeps, routes: RouteDefinition[]): Router {
  const router = Router();
  const authenticate = createAuthenticate(deps);
  const authenticateBeforeReset = createAuthenticate(deps, { allowBeforePasswordReset: true });
  let lastPurgeAt = 0;
  // The test run checks every answer against its declaration (lib/answer-check.ts); errors here, at json().
  const checkAnswers = deps.config.NODE_ENV === 'test';
  if (checkAnswers) router.use(checkErrorAnswers);

  for (const route of routes) {
    const chain: RequestHandler[] = [];
    if (route.access !== 'public') {
      chain.push(route.allowBeforePasswordReset ? authenticateBeforeReset : authenticate, requireRole(route.access));
    }
    chain.push(
      route.upload ? uploadParser(route.upload) : express.json({ limit: route.bodyLimit ?? DEFAULT_BODY_LIMIT }),
      validate(route.request),
    );

    const routeName = `${route.method.toUpperCase()} ${route.path}`;
    chain.push(async (req, res) => {
      const afterCommit: (() => void)[] = [];
      // req.valid holds what validate() parsed with this route's own schemas: the declaration's types hold.
      const context = (db: RouteContext<RequestSchemas, RouteAccess>['db']) =>
        ({
          input: req.valid,
          user: req.user,
          file: req.file,
          db,
          now: deps.clock.now(),
          afterCommit: (task: () => void) => afterCommit.push(task),
          setHeader: (name: string, value: string) => res.setHeader(name, value),
          request: req,
        }) as unknown as RouteContext<RequestSchemas, RouteAccess>;
      const successStatus = route.status;

      const key = route.idempotent ? readIdempotencyKey(req.get(IDEMPOTENCY_KEY_HEADER)) : undefined;
      if (key !== undefined && req.user) {
        const now = deps.clock.now();
        if (now.getTime() - lastPurgeAt > IDEMPOTENCY_PURGE_INTERVAL_MS) {
          lastPurgeAt = now.getTime();
          purgeExpiredIdempotencyKeys(deps.db, now).catch((error: unknown) =>
            req.log.warn({ err: error }, 'could not purge expired idempotency keys'),
          );
        }
        const answer = await runOnce(
          deps.db,
          { userId: req.user.id, key, route: routeName, body: req.valid.body ?? null, now },
          async (tx) => ({ status: successStatus, body: await route.handler(context(tx)) }),
        );
        if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
        if (checkAnswers) recordAnswerProblems(routeName, answer.status, answerProblems(route.answer, answer.body));
        res.status(answer.status).json(answer.body);
      } else {
        const body = await route.handler(context(deps.db));
        if (checkAnswers) recordAnswerProblems(routeName, successStatus, answerProblems(route.answer, body));
        if (body instanceof JsonAnswer || body instanceof StreamedAnswer) await body.send(req, res, successStatus);
        else res.status(successStatus).json(body);
      }
      for (const task of afterCommit) task();
    });
    router[route.method](route.path, ...chain);
  }
  router.use(apiNotFound);
  return router;
}

/** In the test run: every error answer (sent by error-handler.ts through json()) must have the error shape. */
export const checkErrorAnswers: RequestHandler = (req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode >= 400) {
      recordAnswerProblems(
        `${req.method} ${req.originalUrl.split('?')[0]}`,
        res.statusCode,
        jsonAnswerProblems(apiErrorAnswer, body),
      );
    }
    return json(body);
  };
  next();
};
