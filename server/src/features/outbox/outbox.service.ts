import type { Language, NotificationType } from '@app/common';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { renderNotification } from '../notifications/notifications.render';
import { readSettings } from '../settings/settings.service';
import { isTransaction } from '../../db/transactions';
import { findRecipient, insertOutboxRows, notifyWorkers, type NewOutboxRow } from './outbox.repository';
import { deliveredChannels } from './outbox.senders';

// Contract "Beyond the spec: language and notifications", delivery beyond the inbox: each notification is also
// mailed (SMTP_URL, to a user with an email) and POSTed to NOTIFY_WEBHOOK_URL, from an outbox written in the
// transaction of the change and sent after it commits by a worker (outbox.worker.ts, decision 021).

export type NotificationParams = Record<string, string | number | null>;

export type DeliveryInput = {
  notificationId: string;
  userId: string;
  type: NotificationType;
  params: NotificationParams;
};

/**
 * What this server delivers beyond the inbox: the channels its configuration names, the same its outbox worker
 * sends (outbox.senders.ts `deliveredChannels`). A route or worker is given it (deliveryFor(deps.config)) and
 * hands it to every service that notifies, so whether a change sends mail is visible where it is called.
 */
export type Delivery = {
  email: boolean;
  webhook: boolean;
  /** For the product's name, a setting whose first value comes from PRODUCT_NAME. */
  config: Config;
};

export function deliveryFor(config: Config): Delivery {
  return { ...deliveredChannels(config), config };
}

/** Notifications that stay in the inbox, whatever the configuration (the demo's invented people). */
export function inboxOnly(config: Config): Delivery {
  return { email: false, webhook: false, config };
}

/**
 * Writes this notification's mail and webhook call to the outbox, in the caller's transaction, in the
 * recipient's language. Nothing is written for a channel this server does not deliver.
 */
export async function enqueueDeliveries(tx: DbOrTx, delivery: Delivery, input: DeliveryInput): Promise<void> {
  await enqueueForUser(tx, delivery, {
    notificationId: input.notificationId,
    userId: input.userId,
    type: input.type,
    render: (language) => renderNotification(input.type, input.params, language),
  });
}

/** A message's words in its recipient's language. */
type RenderMessage = (language: Language) => { title: string; body: string };

/**
 * A message to one user that goes to no inbox (a sign-in code, contract "Sign-in codes"): mailed and POSTed
 * like a notification. False when no channel reaches the user (no email and no webhook, or neither delivered).
 */
export async function enqueueDirectMessage(
  tx: DbOrTx,
  delivery: Delivery,
  input: { userId: string; type: string; render: RenderMessage },
): Promise<boolean> {
  return enqueueForUser(tx, delivery, { notificationId: null, ...input });
}

async function enqueueForUser(
  tx: DbOrTx,
  settings: Delivery,
  input: {
    notificationId: string | null;
    userId: string;
    type: string;
    render: RenderMessage;
  },
): Promise<boolean> {
  if (!settings.email && !settings.webhook) return false;
  const user = await findRecipient(tx, input.userId);
  if (!user) return false;
  const { title, body } = input.render(user.language);
  const rows: NewOutboxRow[] = [];
  if (settings.email && user.email) {
    rows.push({
      notificationId: input.notificationId,
      channel: 'email',
      payload: { to: user.email, subject: title, text: `${body}\n\n${await productNameIn(tx, settings.config)}\n` },
    });
  }
  if (settings.webhook) {
    rows.push({
      notificationId: input.notificationId,
      channel: 'webhook',
      payload: { type: input.type, username: user.username, phoneNumber: user.phoneNumber, language: user.language, title, body },
    });
  }
  if (rows.length === 0) return false;
  await insertOutboxRows(tx, rows);
  // One NOTIFY per transaction is enough (the quarterly review enqueues for every customer in one).
  if (!isTransaction(tx) || !notified.has(tx)) {
    if (isTransaction(tx)) notified.add(tx);
    await notifyWorkers(tx);
  }
  return true;
}

const notified = new WeakSet<object>();

// The product's name signs each mail; read once per transaction (the quarterly review mails every customer).
const productNames = new WeakMap<object, Promise<string>>();
function productNameIn(tx: DbOrTx, config: Config): Promise<string> {
  const read = () => readSettings(tx, config, ['productName'] as const).then((values) => values.productName);
  if (!isTransaction(tx)) return read();
  let name = productNames.get(tx);
  if (!name) {
    name = read();
    productNames.set(tx, name);
  }
  return name;
}
