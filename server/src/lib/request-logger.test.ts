import express from 'express';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { errorHandler } from './error-handler';
import { createLogger } from './logger';
import { requestLogger } from './request-logger';

function appLogging(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLogger(createLogger(level, stream), { ignore: (url) => url === '/health' }));
  app.get('/health', (_req, res) => res.json({ status: 'ok' }));
  app.get('/points', (req, res) => {
    req.log.info({ balance: 12 }, 'read the balance');
    res.json({ availablePoints: 12 });
  });
  app.get('/forbidden', () => {
    throw new AppError('FORBIDDEN', 'Not for you');
  });
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.use(errorHandler);
  return { app, lines };
}

describe('requestLogger', () => {
  it('when a request is answered, then one line says so with its id, and the id goes back in X-Request-Id', async () => {
    const { app, lines } = appLogging();

    const response = await request(app).get('/points?page=2').set('Authorization', 'Bearer secret-token-value');

    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[\w-]+$/);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: id, msg: 'read the balance', balance: 12 }),
      expect.objectContaining({
        level: 30,
        reqId: id,
        msg: 'request completed',
        req: { method: 'GET', url: '/points?page=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it('when the caller sends a usable X-Request-Id, then it is kept; a hostile one is replaced', async () => {
    const { app } = appLogging();
    const kept = await request(app).get('/points').set('X-Request-Id', 'proxy-id-42');
    const replaced = await request(app).get('/points').set('X-Request-Id', 'bad id; "quoted" ${jndi}');

    expect(kept.headers['x-request-id']).toBe('proxy-id-42');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a request fails, then 4xx is logged at info with its code and 5xx at error', async () => {
    const { app, lines } = appLogging();
    await request(app).get('/forbidden');
    await request(app).get('/boom');

    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({ level: 30, errorCode: 'FORBIDDEN', res: { statusCode: 403 } }),
      expect.objectContaining({ level: 50, errorCode: 'INTERNAL', res: { statusCode: 500 } }),
    ]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: 'request failed' }));
  });

  it('when the level is warn or the path is ignored, then answered requests write nothing', async () => {
    const quiet = appLogging('warn');
    await request(quiet.app).get('/points');
    const ignoring = appLogging();
    await request(ignoring.app).get('/health');

    expect(quiet.lines.filter((line) => line.msg === 'request completed')).toEqual([]);
    expect(ignoring.lines).toEqual([]);
  });
});
