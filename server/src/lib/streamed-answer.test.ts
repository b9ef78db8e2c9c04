import express, { type NextFunction, type Request, type Response } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamedAnswer } from './streamed-answer';

// StreamedAnswer on its own (the exports' tests go through the routes): what a client sees when the chunks
// fail before the first byte and after it.

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(chunks: () => AsyncIterable<string>) {
  const logged: string[] = [];
  const app = express();
  app.get('/file', async (req: Request, res: Response) => {
    (req as unknown as { log: { error: (fields: unknown, message: string) => void } }).log = {
      error: (_fields, message) => logged.push(message),
    };
    await new StreamedAnswer('text/csv; charset=utf-8', 'rows-2026-11-26.csv', chunks()).send(req, res, 200);
  });
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ error: error.message, message: error.message, code: 'INTERNAL' });
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`, logged };
}

/** The answer as the client receives it: status, headers, body, and whether it ended properly. */
function fetchRaw(url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; complete: boolean }>((resolve) => {
    http.get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, complete: res.complete });
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
  });
}

describe('StreamedAnswer', () => {
  it('when every chunk arrives, then the file comes whole with its name, type and no-store', async () => {
    const { url } = await serve(async function* () {
      yield 'a,b\r\n';
      await Promise.resolve();
      yield '1,2\r\n';
    });

    const answer = await fetchRaw(url);

    expect(answer).toMatchObject({ status: 200, body: 'a,b\r\n1,2\r\n', complete: true });
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="rows-2026-11-26.csv"; filename*=UTF-8''rows-2026-11-26.csv`,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('when reading fails before the first chunk, then the usual JSON error comes and no attachment', async () => {
    const { url } = await serve(async function* () {
      await Promise.resolve();
      throw new Error('database gone');
      yield '';
    });

    const answer = await fetchRaw(url);

    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INTERNAL' });
    expect(answer.headers['content-disposition']).toBeUndefined();
  });

  it('when reading fails after the first chunk, then the download is cut short (never a JSON error in it) and logged', async () => {
    const { url, logged } = await serve(async function* () {
      yield 'a,b\r\n';
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('database gone');
    });

    const answer = await fetchRaw(url);

    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.body).not.toContain('INTERNAL');
    expect(logged).toEqual(['export failed after it began; the answer was cut short']);
  });
});
