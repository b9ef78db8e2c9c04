import { Readable } from 'node:stream';
import { z } from 'zod';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkErrorAnswers, createApiRouter } from './api-router';
import { takeAnswerMismatches } from './lib/answer-check';
import { errorHandler } from './lib/error-handler';
import { defineRoute, STAFF } from './lib/route';
import { FileAnswer, StreamedAnswer } from './lib/streamed-answer';
import { createAdmin } from './test/factories';
import { bearer, loginAs, useTestApp } from './test/http';

const t = useTestApp();
let token: string;

const uploadAnswer = z.object({ name: z.string(), bytes: z.number(), field: z.string().optional() });
const noteAnswer = z.object({ id: z.number(), note: z.string(), signedIn: z.boolean() });

// Routes declared only for this file: what the route table gives every feature (uploads, limits, schemas).
function testApp() {
  const app = express();
  app.use(
    '/api',
    createApiRouter(t.deps, [
      defineRoute({
        method: 'post',
        path: '/test/upload',
        access: STAFF,
        upload: { field: 'image', maxBytes: 1000 },
        request: { body: z.object({ name: z.string().trim().min(1) }) },
        answers: { 201: uploadAnswer },
        handler: ({ input, file }) => ({ name: input.body.name, bytes: file?.size ?? 0, field: file?.fieldname }),
      }),
      defineRoute({
        method: 'post',
        path: '/test/small/:id',
        access: 'public',
        bodyLimit: '200b',
        request: { params: z.object({ id: z.coerce.number().int() }), body: z.object({ note: z.string().trim() }) },
        answers: { 200: noteAnswer },
        handler: ({ input, user }) => ({ id: input.params.id, note: input.body.note, signedIn: user !== undefined }),
      }),
      // What a handler with a bug answers, past the types (a cast, a row spread into the answer, a file).
      defineRoute({
        method: 'post',
        path: '/test/answer',
        access: 'public',
        request: { body: z.object({ answer: z.unknown() }) },
        answers: { 200: noteAnswer },
        handler: ({ input }) => input.body.answer as z.input<typeof noteAnswer>,
      }),
      defineRoute({
        method: 'get',
        path: '/test/file',
        access: 'public',
        answers: { 200: new FileAnswer(['text/csv; charset=utf-8'], 'a file') },
        handler: () => new StreamedAnswer('text/plain', 'a.txt', Readable.from(['x'])),
      }),
    ]),
  );
  app.use(errorHandler);
  return app;
}

beforeAll(async () => {
  const admin = await createAdmin(t.db);
  token = await loginAs(t.app, admin.username, admin.password);
});

describe('a declared route', () => {
  it('when its input is valid, then the handler gets it parsed by the declared schemas and its status is used', async () => {
    const response = await request(testApp()).post('/api/test/small/42').send({ note: '  hello  ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: 42, note: 'hello', signedIn: false });
  });

  it('when the body is over the route’s own limit, then 413', async () => {
    const response = await request(testApp())
      .post('/api/test/small/1')
      .send({ note: 'x'.repeat(300) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when a parameter does not fit its schema, then 400 with the field named', async () => {
    const response = await request(testApp()).post('/api/test/small/abc').send({ note: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ field: 'id' })]);
  });
});

describe('an upload route (multipart)', () => {
  const upload = () => request(testApp()).post('/api/test/upload').set(bearer(token));

  it('when the file and fields are right, then the handler gets both', async () => {
    const response = await upload().field('name', ' Kettle ').attach('image', Buffer.alloc(500, 1), 'kettle.png');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ name: 'Kettle', bytes: 500, field: 'image' });
  });

  it('when nobody is signed in, then 401 before the upload is read', async () => {
    const response = await request(testApp()).post('/api/test/upload').field('name', 'x');
    expect(response.status).toBe(401);
  });

  it.each([
    [
      'a file over the limit',
      (r: request.Test) => r.field('name', 'x').attach('image', Buffer.alloc(1001, 1), 'big.png'),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'the file in another field',
      (r: request.Test) => r.field('name', 'x').attach('photo', Buffer.alloc(10, 1), 'a.png'),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'two files',
      (r: request.Test) =>
        r.field('name', 'x').attach('image', Buffer.alloc(10, 1), 'a.png').attach('image', Buffer.alloc(10, 1), 'b.png'),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'too many fields',
      (r: request.Test) =>
        Array.from({ length: 25 }, (_unused, index) => index).reduce((sent, index) => sent.field(`f${index}`, 'x'), r),
      400,
      'VALIDATION_FAILED',
    ],
    ['a field value over its limit', (r: request.Test) => r.field('name', 'x'.repeat(100_001)), 413, 'PAYLOAD_TOO_LARGE'],
  ])('when it carries %s, then %i with the contract’s shape', async (_label, build, status, code) => {
    const response = await build(upload());
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, error: expect.any(String), message: expect.any(String) });
  });

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\n'],
    [
      'a truncated form',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nKettle',
    ],
    ['a malformed part header', 'multipart/form-data; boundary=xyz', '--xyz\r\nthis is not a header\r\n\r\nx\r\n--xyz--\r\n'],
  ])('when the form has %s, then 400, never 500', async (_label, contentType, body) => {
    const response = await upload().set('Content-Type', contentType).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('the answers a route declares (issue 31)', () => {
  const answering = (answer: unknown) => request(testApp()).post('/api/test/answer').send({ answer });
  const good = { id: 1, note: 'hello', signedIn: false };

  it('when the handler answers what is declared, then nothing is found', async () => {
    expect((await answering(good)).status).toBe(200);
    expect(takeAnswerMismatches()).toEqual([]);
  });

  it.each([
    ['a field missing', { id: 1, note: 'hello' }, 'signedIn: Invalid input: expected boolean, received undefined'],
    ['a field of the wrong type', { ...good, id: '1' }, 'id: Invalid input: expected number, received string'],
    ['a field not declared', { ...good, passwordHash: 'x' }, 'passwordHash: not declared'],
    ['a field not declared, nested', { ...good, note: 'x', extra: [{ a: 1 }] }, 'extra: not declared'],
  ])('when the answer has %s, then the test run finds it, naming the route and the field', async (_label, answer, problem) => {
    await answering(answer);
    expect(takeAnswerMismatches()).toEqual([{ route: 'POST /test/answer', status: 200, problems: [problem] }]);
  });

  it('when a file route streams a type it does not declare, then the test run finds it', async () => {
    await request(testApp()).get('/api/test/file');
    expect(takeAnswerMismatches()).toEqual([
      { route: 'GET /test/file', status: 200, problems: ['(the body): text/plain is not declared'] },
    ]);
  });

  it('when an error answer lacks the error shape, then the test run finds it', async () => {
    const app = express();
    app.use('/api', checkErrorAnswers);
    app.get('/api/broken', (_req, res) => {
      res.status(409).json({ error: 'Taken' });
    });
    expect((await request(app).get('/api/broken')).status).toBe(409);
    expect(takeAnswerMismatches()).toEqual([
      {
        route: 'GET /api/broken',
        status: 409,
        problems: ['message: Invalid input: expected string, received undefined', expect.stringMatching(/^code: Invalid option/)],
      },
    ]);
  });

  it('when a route declares no answer, then it does not compile; declared without types, it is refused at start', () => {
    expect(() =>
      // @ts-expect-error a route must declare what it answers (lib/route.ts `answers`)
      defineRoute({ method: 'get', path: '/test/none', access: 'public', handler: () => ({}) }),
    ).toThrow('GET /test/none must declare one success answer (200, 201 or 202)');
  });

  it('when a handler returns what its declaration does not describe, then it does not compile', () => {
    const route = defineRoute({
      method: 'get',
      path: '/test/typed',
      access: 'public',
      answers: { 200: noteAnswer },
      // @ts-expect-error `note` must be text: the handler's answer is typed from the declared schema
      handler: () => ({ id: 1, note: 2, signedIn: false }),
    });
    expect(route.status).toBe(200);
  });
});
