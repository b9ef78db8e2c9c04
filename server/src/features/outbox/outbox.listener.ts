import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { OUTBOX_CHANNEL } from './outbox.repository';

/** How long a lost PostgreSQL LISTEN connection waits before it connects again (the poll covers meanwhile). */
const RELISTEN_DELAY_MS = 5_000;

/**
 * Calls `onNotify` each time a transaction that wrote to the outbox commits, on this server or another on the
 * same database: PGlite's own listen, or one connection of the PostgreSQL pool kept for LISTEN. Returns a
 * function that stops listening.
 */
export async function listenForOutbox(db: Db, onNotify: () => void, logger: Logger): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return client.listen(OUTBOX_CHANNEL, onNotify);
  if (client instanceof pg.Pool) return listenOnPool(client, onNotify, logger);
  logger.warn('outbox: this database cannot LISTEN; mails and webhooks wait for the next poll');
  return () => Promise.resolve();
}

async function listenOnPool(pool: pg.Pool, onNotify: () => void, logger: Logger): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === OUTBOX_CHANNEL) onNotify();
  };
  const onError = () => lost();
  const detach = (client: pg.PoolClient) => {
    client.removeListener('notification', onNotification);
    client.removeListener('error', onError);
  };
  const lost = () => {
    const client = current;
    if (!client) return;
    current = undefined;
    detach(client);
    client.release(true);
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  const connect = async (): Promise<void> => {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      client.on('notification', onNotification);
      client.on('error', onError);
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (stopped) {
        await client.query(`UNLISTEN ${OUTBOX_CHANNEL}`);
        detach(client);
        client.release();
        return;
      }
      current = client;
      // Rows written while this connection was away are picked up now rather than at the next poll.
      onNotify();
    } catch (error) {
      if (client) {
        detach(client);
        client.release(true);
      }
      if (stopped) return;
      logger.warn({ err: error }, 'outbox: could not LISTEN for new messages; polling meanwhile');
      retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (!client) return;
    // The connection goes back to the pool, so it must stop listening first; a broken one is dropped instead.
    detach(client);
    try {
      await client.query(`UNLISTEN ${OUTBOX_CHANNEL}`);
      client.release();
    } catch {
      client.release(true);
    }
  };
}
