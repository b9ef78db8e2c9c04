import { singleLineText } from '@app/common';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { errorHandler } from './error-handler';
import { createLogger } from './logger';
import { requestLogger } from './request-logger';

// The handler behind the request logger (as in app.ts): what a client sees when a route throws.
function appThrowing(error: unknown) {
  const app = express();
  app.use(requestLogger(createLogger('silent')));
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

describe('errorHandler', () => {
  it('when an unexpected error carries database details, then the client gets a fixed 500 and none of them', async () => {
    const databaseError = Object.assign(new Error('relation "users" violates check constraint users_tier_check'), {
      code: '23514',
      stack: 'Error: at secret/path/file.ts:12',
    });

    const response = await request(appThrowing(databaseError)).get('/boom');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      error: 'Something went wrong on our side',
      message: 'Something went wrong on our side',
      code: 'INTERNAL',
    });
    expect(response.text).not.toMatch(/users_tier_check|secret\/path|stack/);
  });

  it('when a unique index refuses a row a service did not check, then 409', async () => {
    const uniqueViolation = Object.assign(new Error('duplicate key value violates unique constraint'), {
      cause: { code: '23505' },
    });
    const response = await request(appThrowing(uniqueViolation)).get('/boom');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'This record already exists',
      message: 'This record already exists',
      code: 'CONFLICT',
    });
  });

  it('when a service throws an AppError with details and headers, then they reach the client', async () => {
    const response = await request(
      appThrowing(
        new AppError('RATE_LIMITED', 'Slow down', {
          details: [{ field: 'username', message: 'Too many tries' }],
          headers: { 'Retry-After': '5' },
        }),
      ),
    ).get('/boom');
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({
      error: 'Slow down',
      message: 'Slow down',
      code: 'RATE_LIMITED',
      details: [{ field: 'username', message: 'Too many tries' }],
    });
  });

  // Issue 30 (contract "API conventions"): a ZodError a service lets through is worded like validate()'s 400.
  it.each([
    [
      'one field',
      { productName: '' },
      'Product name is required',
      [{ field: 'productName', message: 'Product name is required' }],
    ],
    [
      'two fields',
      { productName: '', city: 'Kota\nJaipur' },
      'Some fields are invalid',
      [
        { field: 'productName', message: 'Product name is required' },
        { field: 'city', message: 'City cannot contain line breaks' },
      ],
    ],
  ])(
    'when a service lets a ZodError of %s through, then 400 with a sentence naming no field',
    async (_label, value, sentence, details) => {
      const schema = z.object({
        productName: singleLineText('Product name', { max: 100 }),
        city: singleLineText('City', { max: 100 }).optional(),
      });
      const response = await request(appThrowing(schema.safeParse(value).error)).get('/boom');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: sentence, message: sentence, code: 'VALIDATION_FAILED', details });
    },
  );
});
