import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Real receivers for the outbox's tests, its fault test and benchmark: an SMTP server that keeps what it is
// sent, one that accepts connections and never answers, and an HTTP server that keeps what is POSTed to it.
// The first and the last can be slow (delayMs: each message is accepted from half to one and a half times
// that later, so that messages sent together are not all accepted in the same instant), the SMTP server can
// refuse recipients and the HTTP server can hang. A message counts as delivered when its acceptance reaches
// the sender (a mail server's "250 OK", a gateway's answer: from then on the sender may record it as sent);
// one whose sender was gone by then (a server killed mid-send) is counted in `abandoned` instead.

export type CaughtMail = {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  /** When it was accepted (Date.now()): the moment the sender may record it as sent. */
  acceptedAt: number;
};

export type MailCatcher = {
  readonly port: number;
  readonly url: string;
  readonly mails: CaughtMail[];
  /** Recipients refused at RCPT TO, with the reply's code (550: no such mailbox; 450: try again later). */
  readonly refuse: Map<string, number>;
  /** Messages whose sender had gone by the time they would have been accepted. */
  readonly abandoned: number;
  /** Resolves once `count` mails have arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Closes the port: senders get "connection refused" until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
};

export async function startMailCatcher(
  options: { username?: string; password?: string; delayMs?: number } = {},
): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const refuse = new Map<string, number>();
  const closedSessions = new Set<string>();
  const delayMs = options.delayMs ?? 0;
  let abandoned = 0;
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    const smtp = new SMTPServer({
      // Plain SMTP on the loopback, as the tests' SMTP_URL says (smtp://), with a login when one is given.
      disabledCommands: options.username ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.username,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === options.username && auth.password === options.password) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onClose(session) {
        closedSessions.add(session.id);
      },
      onRcptTo(address, _session, callback) {
        const code = refuse.get(address.address);
        if (code === undefined) return callback();
        callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const accept = () => {
            if (closedSessions.has(session.id)) {
              abandoned += 1;
              return callback();
            }
            mails.push({
              ...parseMail(Buffer.concat(chunks).toString('latin1')),
              acceptedAt: Date.now(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            });
            for (const waiter of waiters) waiter();
            callback();
          };
          if (delayMs > 0) setTimeout(accept, jittered(delayMs));
          else accept();
        });
      },
    });
    smtp.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => resolve());
    });
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    get url() {
      const login = options.username
        ? `${encodeURIComponent(options.username)}:${encodeURIComponent(options.password ?? '')}@`
        : '';
      return `smtp://${login}127.0.0.1:${port}`;
    },
    mails,
    refuse,
    get abandoned() {
      return abandoned;
    },
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mails.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${mails.length} of ${count} mails arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    async stop() {
      const smtp = server;
      server = undefined;
      if (!smtp) return;
      // close() waits for open connections (a pooled sender keeps some): end them so the port closes now.
      await new Promise<void>((resolve) => {
        smtp?.close(() => resolve());
        for (const connection of (smtp as unknown as { connections?: Set<{ close(): void }> })?.connections ?? [])
          connection.close();
      });
    },
    start: listen,
  };
}

/** A mail server that accepts connections and never says a word (a hung server, a black-holed port). */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type CaughtCall = {
  headers: IncomingHttpHeaders;
  body: string;
  /** When it was answered (Date.now()): the moment the sender may record it as sent. */
  acceptedAt: number;
};

export type WebhookReceiver = {
  url: string;
  /** The requests answered, each kept when it is answered. */
  calls: CaughtCall[];
  /** Requests that have arrived, answered or not. */
  arrived: number;
  /** Requests whose sender had gone by the time they would have been answered. */
  abandoned: number;
  status: number;
  /** About how long each request waits for its answer. */
  delayMs: number;
  /** Requests that arrive while set are never answered (a gateway that hangs). */
  hang: boolean;
  waitFor(count: number, timeoutMs?: number): Promise<CaughtCall[]>;
  stop(): Promise<void>;
};

/** An HTTP server that keeps each request and answers `status` (200 unless changed). */
export async function startWebhookReceiver(options: { delayMs?: number } = {}): Promise<WebhookReceiver> {
  const calls: CaughtCall[] = [];
  const waiters = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: '',
    calls,
    arrived: 0,
    abandoned: 0,
    status: 200,
    delayMs: options.delayMs ?? 0,
    hang: false,
    waitFor: (count: number, timeoutMs = 15_000) =>
      new Promise<CaughtCall[]>((resolve, reject) => {
        const check = () => {
          if (calls.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(calls.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${calls.length} of ${count} webhook calls arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.arrived += 1;
      if (receiver.hang) return;
      const answer = () => {
        if (request.socket.destroyed) {
          receiver.abandoned += 1;
          return;
        }
        calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), acceptedAt: Date.now() });
        response.statusCode = receiver.status;
        response.end();
        for (const waiter of waiters) waiter();
      };
      if (receiver.delayMs > 0) setTimeout(answer, jittered(receiver.delayMs));
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/notify?key=gateway-key-1234`;
  return receiver;
}

const jittered = (ms: number) => Math.round(ms * (0.5 + Math.random()));

/** Headers (unfolded, encoded words decoded) and the text of a single-part message as nodemailer writes it. */
function parseMail(raw: string): Pick<CaughtMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const content = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content.replace(/=\r\n/g, ''))
        : Buffer.from(content, 'latin1');
  return { headers, subject: headers.subject ?? '', text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

/** RFC 2047 encoded words; adjacent ones are joined as bytes first, since one character may span two. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)(\s+(?==\?))?/g, '$1')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (words) => {
      const parts = [...words.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, kind, text]) =>
        kind!.toUpperCase() === 'B' ? Buffer.from(text!, 'base64') : decodeQuotedPrintable(text!.replace(/_/g, ' ')),
      );
      return Buffer.concat(parts).toString('utf8');
    });
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}
