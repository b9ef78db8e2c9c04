import { delay, http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../testing/factories';
import { api } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { ApiError } from './api-error';
import { http } from './http';
import { readSession, saveSession } from './session';

// lib/http.ts: what every call to the API carries and how each kind of failure reaches a screen (contract "API
// conventions"), through the browser's fetch (decision 044).
describe('http: the transport of every API call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when a signed-in screen asks, then the token, the language and the query go with it, and the answer comes back', async () => {
    saveSession(buildSession({ token: 'token-1' }));
    let seen: { url: string; authorization: string | null; language: string | null; accept: string | null } | undefined;
    server.use(
      mock.get(api('/bill'), ({ request }) => {
        seen = {
          url: request.url,
          authorization: request.headers.get('Authorization'),
          language: request.headers.get('Accept-Language'),
          accept: request.headers.get('Accept'),
        };
        return HttpResponse.json({ items: [], total: 0 }, { headers: { 'X-Total': '0' } });
      }),
    );
    const response = await http.get<{ items: unknown[]; total: number }>('/bill', {
      params: { q: 'INV 7&8', page: 2, limit: 20, status: undefined, from: null },
    });
    expect(response).toMatchObject({ status: 200, data: { items: [], total: 0 } });
    expect(response.headers['x-total']).toBe('0');
    expect(seen).toEqual({
      url: expect.stringMatching(/\/api\/bill\?q=INV\+7%268&page=2&limit=20$/) as unknown,
      authorization: 'Bearer token-1',
      language: 'en',
      accept: 'application/json',
    });
  });

  it('when a body is an object it goes as JSON; FormData as it is; a header given by the call is kept', async () => {
    const bodies: { type: string | null; text: string; idempotency: string | null }[] = [];
    server.use(
      mock.post(api('/echo'), async ({ request }) => {
        bodies.push({
          type: request.headers.get('Content-Type'),
          text: await request.text(),
          idempotency: request.headers.get('Idempotency-Key'),
        });
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    await http.post('/echo', { amount: 1250.5 }, { headers: { 'Idempotency-Key': 'k-1' } });
    const form = new FormData();
    form.append('name', 'Kettle');
    await http.post('/echo', form);
    expect(bodies[0]).toEqual({ type: 'application/json', text: '{"amount":1250.5}', idempotency: 'k-1' });
    expect(bodies[1]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(bodies[1]!.text).toContain('Kettle');
  });

  it('when the server refuses, then the error shape becomes an ApiError with its code, message and field errors', async () => {
    server.use(
      mock.post(api('/user/cart'), () =>
        HttpResponse.json(
          {
            error: 'Quantity must be at most 5',
            message: 'Quantity must be at most 5',
            code: 'VALIDATION_FAILED',
            details: [{ field: 'body.quantity', message: 'Quantity must be at most 5' }],
          },
          { status: 400 },
        ),
      ),
    );
    const failure: unknown = await http.post('/user/cart', { quantity: 9 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Quantity must be at most 5' });
    expect((failure as ApiError).fieldErrors.quantity).toBe('Quantity must be at most 5');
  });

  it('when a download is refused, then its error body is read from the bytes like any other', async () => {
    server.use(
      mock.get(api('/admin/export/bills'), () =>
        HttpResponse.json(
          { error: 'Too many exports at once', message: 'Too many exports at once', code: 'RATE_LIMITED' },
          { status: 429 },
        ),
      ),
    );
    const failure = await http.get('/admin/export/bills', { responseType: 'arraybuffer' }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many exports at once' });
  });

  it('when a download succeeds, then its bytes arrive as they are', async () => {
    server.use(mock.get(api('/admin/export/bills'), () => HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b, 3, 4]).buffer)));
    const response = await http.get<ArrayBuffer>('/admin/export/bills', { responseType: 'arraybuffer' });
    expect([...new Uint8Array(response.data)]).toEqual([0x50, 0x4b, 3, 4]);
  });

  it('when a proxy answers with a page instead of the API, then the status alone describes the failure', async () => {
    server.use(mock.get(api('/user/points'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(http.get('/user/points')).rejects.toMatchObject({ status: 502, code: undefined, message: undefined });
  });

  it('when no answer arrives (network down, or past the timeout), then the failure has status 0', async () => {
    server.use(mock.get(api('/user/points'), () => HttpResponse.error()));
    await expect(http.get('/user/points')).rejects.toMatchObject({ status: 0 });
    server.use(
      mock.get(api('/user/profile'), async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    await expect(http.get('/user/profile', { timeout: 50 })).rejects.toMatchObject({ status: 0 });
  });

  it('when the screen cancels its call, then the cancellation stays one (TanStack Query drops it), not a failure', async () => {
    server.use(
      mock.get(api('/user/profile'), async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const call = http.get('/user/profile', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });

  it('when a call answers 401, then the session ends; a refused sign-in does not end anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveSession(buildSession({ token: 'token-2' }));
    server.use(
      mock.post(api('/auth/login'), () =>
        HttpResponse.json({ error: 'Invalid credentials', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
      mock.get(api('/user/points'), () =>
        HttpResponse.json({ error: 'Session expired', code: 'UNAUTHENTICATED' }, { status: 401 }),
      ),
    );
    await expect(http.post('/auth/login', { username: 'x', password: 'y' })).rejects.toMatchObject({ status: 401 });
    expect(readSession()?.token).toBe('token-2');
    await expect(http.get('/user/points')).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    expect(readSession()).toBeNull();
  });
});
