import type { Express } from 'express';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Sign-in limits count the client address. A test client binds its socket to another loopback address
// (127.0.0.2 …), which the server sees as another client without trusting any header (stack notes).

export type LoginReply = {
  status: number;
  retryAfter: number | undefined;
  body: { code?: string; message?: string; error?: string; deviceToken?: string; refreshToken?: string };
};

export type Listening = { port: number; close(): Promise<void> };

/** The app on a real socket of 127.0.0.1 (supertest's sockets all come from one address). */
export async function listen(app: Express): Promise<Listening> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** POST /api/auth/login over a socket bound to `from`: the server's socket address for this client. */
export function loginFrom(
  server: Listening,
  from: string,
  body: { username: string; password: string; deviceToken?: unknown; signInCode?: unknown },
  headers: Record<string, string> = {},
): Promise<LoginReply> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/auth/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const retryAfter = incoming.headers['retry-after'];
          resolve({
            status: incoming.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoginReply['body'],
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
