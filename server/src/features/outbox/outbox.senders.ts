import type { DeliveryChannel } from '@app/common';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

// How the worker hands a message to the outside. Each send has a deadline, so a mail server or gateway that
// hangs costs the worker a few seconds per message and never holds a row past its lease (outbox.worker.ts).

/** A connection, the server's greeting and each later reply must come within these (nodemailer's own are minutes). */
const SMTP_CONNECTION_TIMEOUT_MS = 5_000;
const SMTP_GREETING_TIMEOUT_MS = 5_000;
const SMTP_SOCKET_TIMEOUT_MS = 10_000;
/** The whole of one send, connection included. */
export const SEND_DEADLINE_MS = 20_000;
/** Connections kept open to the mail server, reused from one message to the next. */
const SMTP_CONNECTIONS = 4;

export type Sender = {
  send(id: number, payload: Record<string, unknown>): Promise<void>;
  close(): void;
};

export type Senders = Partial<Record<DeliveryChannel, Sender>>;

/** The channels this configuration delivers, each with its sender. */
export function createSenders(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'NOTIFY_WEBHOOK_URL'>): Senders {
  const senders: Senders = {};
  if (config.SMTP_URL && config.MAIL_FROM) senders.email = mailSender(config.SMTP_URL, config.MAIL_FROM);
  if (config.NOTIFY_WEBHOOK_URL) senders.webhook = webhookSender(config.NOTIFY_WEBHOOK_URL);
  return senders;
}

function mailSender(smtpUrl: string, from: string): Sender {
  const transport = nodemailer.createTransport({
    // Settings in the URL's query (?tls.rejectUnauthorized=false, ?connectionTimeout=…) win over these.
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  // The Message-ID is the row's: a message sent twice (a server that died before it could record the send,
  // decision 021) reaches the mailbox as the same message, which mail programs show once.
  const domain = /@([^\s>]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return {
    async send(id, payload) {
      await transport.sendMail({
        from,
        to: String(payload.to),
        subject: String(payload.subject),
        text: String(payload.text),
        messageId: `<outbox-${id}@${domain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
      });
    },
    close: () => transport.close(),
  };
}

function webhookSender(url: string): Sender {
  return {
    async send(id, payload) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `outbox-${id}` },
        body: JSON.stringify(payload),
        // A redirect is an answer, not a success: the message is not re-posted somewhere the setting did not name.
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered HTTP ${response.status}`);
    },
    close: () => undefined,
  };
}

/**
 * The secrets the configuration holds (the passwords in the URLs, and the webhook URL's query, where
 * gateways put their keys), for removing from every error kept or logged.
 */
export function secretsOf(config: Pick<Config, 'SMTP_URL' | 'NOTIFY_WEBHOOK_URL'>): string[] {
  const secrets: string[] = [];
  for (const value of [config.SMTP_URL, config.NOTIFY_WEBHOOK_URL]) {
    if (!value) continue;
    const url = new URL(value);
    if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
    for (const [, parameter] of url.searchParams) if (parameter.length >= 4) secrets.push(parameter);
    if (url.search.length > 1) secrets.push(url.search.slice(1));
  }
  // Longest first, so a secret that contains another is removed whole.
  return [...new Set(secrets.filter(Boolean))].sort((a, b) => b.length - a.length);
}

/** An error as one line for `last_error` and the log, without the configured secrets. */
export function describeFailure(error: unknown, secrets: string[]): string {
  let text = error instanceof Error ? error.message : String(error);
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, a timeout) is in its cause.
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) text += ` (${'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message})`;
  for (const secret of secrets) text = text.split(secret).join('***');
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
