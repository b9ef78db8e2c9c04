import { isEmailAddress, type DeliveryChannel } from '@app/common';
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

// How the worker hands a message to the outside. Each send has a deadline (NOTIFY_SEND_TIMEOUT_SECONDS), so a
// mail server or gateway that hangs costs a few seconds per message and never holds a row past its lease
// (outbox.worker.ts); a send cut by it is a failure like any other, tried again after the back-off.

/** A connection, the server's greeting and each later reply must come within these (nodemailer's own are minutes). */
const SMTP_CONNECTION_TIMEOUT_MS = 5_000;
const SMTP_GREETING_TIMEOUT_MS = 5_000;
const SMTP_SOCKET_TIMEOUT_MS = 10_000;
/** Connections kept open to the mail server, reused from one message to the next. */
const SMTP_CONNECTIONS = 4;
/** Webhook calls under way at once. */
const WEBHOOK_CONCURRENCY = 8;

/** A claimed message as a sender needs it. */
export type OutgoingMessage = {
  /**
   * The same for every attempt at this message and unguessable: the mail's Message-ID and the webhook's
   * Idempotency-Key, by which a receiver recognises a copy (decision 036).
   */
  key: string;
  payload: Record<string, unknown>;
};

export type Sender = {
  /** Messages of this channel under way at once. */
  concurrency: number;
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
};

export type Senders = Partial<Record<DeliveryChannel, Sender>>;

/**
 * A refusal that trying again cannot change (a mailbox the mail server says does not exist, an address that
 * is not one plain address): the worker gives the message up at once instead of retrying it for an hour and a
 * half. Anything else thrown (a 4xx answer, a refused connection, a timeout) is tried again.
 */
export class PermanentFailure extends Error {}

/** The deadline of one send. */
export const sendTimeoutMs = (config: Pick<Config, 'NOTIFY_SEND_TIMEOUT_SECONDS'>) => config.NOTIFY_SEND_TIMEOUT_SECONDS * 1_000;

/**
 * The keys of messages: an HMAC of the row's id under a key derived from the server's secret (JWT_SECRET, or
 * the one kept in DATA_DIR), so every server of a database, and every attempt, gives a row the same key, and
 * nobody else can guess one or count messages from it as from the row's serial id (issue 30).
 */
export function messageKeys(secret: string): (rowId: number) => string {
  const key = createHmac('sha256', secret).update('outbox message keys').digest();
  return (rowId) => createHmac('sha256', key).update(String(rowId)).digest('hex').slice(0, 32);
}

/** The channels this configuration delivers, each with its sender. */
/** The channels a configuration delivers: mail with SMTP_URL and MAIL_FROM, the webhook with its URL. */
export function deliveredChannels(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'NOTIFY_WEBHOOK_URL'>) {
  return { email: Boolean(config.SMTP_URL && config.MAIL_FROM), webhook: Boolean(config.NOTIFY_WEBHOOK_URL) };
}

export function createSenders(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'NOTIFY_WEBHOOK_URL' | 'NOTIFY_SEND_TIMEOUT_SECONDS'>,
): Senders {
  const senders: Senders = {};
  const timeoutMs = sendTimeoutMs(config);
  const channels = deliveredChannels(config);
  if (channels.email) senders.email = mailSender(config.SMTP_URL!, config.MAIL_FROM!, timeoutMs);
  if (channels.webhook) senders.webhook = webhookSender(config.NOTIFY_WEBHOOK_URL!, timeoutMs);
  return senders;
}

function mailSender(smtpUrl: string, from: string, timeoutMs: number): Sender {
  const transport = nodemailer.createTransport({
    // Settings in the URL's query (?tls.rejectUnauthorized=false, ?connectionTimeout=…) win over these.
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: Math.min(SMTP_CONNECTION_TIMEOUT_MS, timeoutMs),
    greetingTimeout: Math.min(SMTP_GREETING_TIMEOUT_MS, timeoutMs),
    socketTimeout: Math.min(SMTP_SOCKET_TIMEOUT_MS, timeoutMs),
  });
  const domain = /@([^\s>]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return {
    // One per connection: a mail never waits in the pool's queue while its deadline runs (with twice as many,
    // mails queued behind slow ones timed out before they were sent).
    concurrency: SMTP_CONNECTIONS,
    async send({ key, payload }) {
      // Defence in depth (issue 30): every path that stores an email checks it is one plain address, but a
      // row written before that check, or by hand, must not reach a list, a group or an injected header.
      const to = payload.to;
      if (typeof to !== 'string' || !isEmailAddress(to)) throw new PermanentFailure('the recipient is not one plain address');
      try {
        await transport.sendMail({
          from,
          // An address object, not a string: nodemailer parses a string as a list of addresses.
          to: { name: '', address: to },
          subject: String(payload.subject),
          text: String(payload.text),
          // The same on every attempt: a message sent twice (a server that died before it could record the
          // send) reaches the mailbox as the same message, which mail programs show once.
          messageId: `<${key}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (isPermanentRefusal(error)) throw new PermanentFailure(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    close: () => transport.close(),
  };
}

/**
 * RFC 5321 4.2.1: a 5yz reply is a permanent failure. To the recipient (RCPT TO: no such mailbox, 550/553)
 * or to the message (DATA: refused content, too large) it will be the same tomorrow. A 5yz to the login or
 * the sender is the configuration's fault, the same for every message: those keep retrying until it is fixed.
 */
function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { responseCode, command } = error as Error & { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode <= 599 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

function webhookSender(url: string, timeoutMs: number): Sender {
  return {
    concurrency: WEBHOOK_CONCURRENCY,
    async send({ key, payload }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(payload),
        // A redirect is an answer, not a success: the message is not re-posted somewhere the setting did not name.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
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
