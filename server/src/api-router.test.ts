import { z } from 'zod';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiRouter } from './api-router';
import { errorHandler } from './lib/error-handler';
import { defineRoute, STAFF } from './lib/route';
import { createAdmin } from './test/factories';
import { bearer, loginAs, useTestApp } from './test/http';

const t = useTestApp();
let token: string;

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
        status: 201,
        handler: ({ input, file }) => ({ name: input.body.name, bytes: file?.size ?? 0, field: file?.fieldname }),
      }),
      defineRoute({
        method: 'post',
        path: '/test/small/:id',
        access: 'public',
        bodyLimit: '200b',
        request: { params: z.object({ id: z.coerce.number().int() }), body: z.object({ note: z.string().trim() }) },
        handler: ({ input, user }) => ({ id: input.params.id, note: input.body.note, signedIn: user !== undefined }),
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
