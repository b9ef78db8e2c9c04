import type { DeliveryChannel } from '@app/common';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { listenForOutbox } from './outbox.listener';
import { claimDueRows, markFailed, markSent, releaseBackedOff, type ClaimedRow } from './outbox.repository';
import { createSenders, describeFailure, secretsOf, SEND_DEADLINE_MS, type Senders } from './outbox.senders';
import { installDeliverySettings } from './outbox.service';

// Sends what enqueueDeliveries wrote, after its transaction commits (decision 021). Every server runs one;
// they share the rows through the claim (FOR UPDATE SKIP LOCKED and a lease), so each message is sent once,
// or, when a server dies between sending and recording it, once more by another after the lease.

/** Between polls; a commit that wrote to the outbox wakes the workers at once (LISTEN/NOTIFY). */
const POLL_MS = 1_000;
/** Rows claimed at once, and how many of them are sent side by side. */
const BATCH_SIZE = 20;
const CONCURRENCY = 8;
/**
 * How long a claimed row stays with its server. A batch takes at most ceil(BATCH_SIZE / CONCURRENCY)
 * deadlines (60 s), so a live server never loses a row it is still sending.
 */
const LEASE_MS = 120_000;
/** Back-off after a failed attempt: 2^attempts seconds (2 s, 4 s, … 8.5 min), then 10 minutes. */
const MAX_BACKOFF_MS = 600_000;
/** After this many attempts (about one and a half hours of trying), a row is given up and kept. */
export const MAX_ATTEMPTS = 20;
/** How long stop() lets the sends under way finish; the rest go to whichever server claims them after the lease. */
const STOP_GRACE_MS = 5_000;

export type OutboxWorker = {
  start(): Promise<void>;
  /** Claims and sends at once instead of at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
};

export type OutboxWorkerOptions = {
  db: Db;
  config: Config;
  logger: Logger;
};

/** The delay before the next attempt, with jitter so that rows failed together do not come back together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(2 ** attempts * 1_000, MAX_BACKOFF_MS);
  return Math.round(base * (0.5 + random() * 0.5));
}

export function createOutboxWorker({ db, config, logger }: OutboxWorkerOptions): OutboxWorker {
  const senders: Senders = createSenders(config);
  const channels = Object.keys(senders) as DeliveryChannel[];
  const secrets = secretsOf(config);
  const log = logger.child({ component: 'outbox' });

  let running = false;
  let loop: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;
  let uninstall: (() => void) | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const nudge = () => {
    nudged = true;
    wake?.();
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function sendOne(row: ClaimedRow): Promise<{ row: ClaimedRow; error?: string }> {
    const sender = senders[row.channel];
    try {
      if (!sender) throw new Error(`this server does not send ${row.channel}`);
      await sender.send(row.id, row.payload);
      return { row };
    } catch (error) {
      return { row, error: describeFailure(error, secrets) };
    }
  }

  /** One claim and its sends; the number of rows claimed. */
  async function runBatch(): Promise<number> {
    const rows = await claimDueRows(db, { channels, limit: BATCH_SIZE, leaseMs: LEASE_MS });
    if (rows.length === 0) return 0;
    const results = await mapWithLimit(rows, CONCURRENCY, sendOne);
    await markSent(
      db,
      results.filter((result) => result.error === undefined).map((result) => result.row.id),
    );
    // A retry that went through: the receiver is back, so what waits out its back-off goes now.
    const recovered = new Set(
      results.filter((result) => result.error === undefined && result.row.attempts > 1).map((result) => result.row.channel),
    );
    for (const channel of recovered) await releaseBackedOff(db, channel);
    const failures = results.filter((result) => result.error !== undefined);
    for (const { row, error } of failures) {
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      await markFailed(
        db,
        row.id,
        givingUp ? `failed: gave up after ${row.attempts} attempts: ${error}` : error!,
        givingUp ? null : backoffMs(row.attempts),
      );
      if (givingUp) log.error({ outboxId: row.id, channel: row.channel, error }, 'outbox: gave up on a message');
    }
    if (failures.length > 0) {
      // One line per batch, not per message: a mail server that is down would otherwise flood the log.
      log.warn({ failed: failures.length, of: rows.length, error: failures[0]!.error }, 'outbox: could not send; will retry');
    }
    return rows.length;
  }

  async function run(): Promise<void> {
    while (running) {
      nudged = false;
      let claimed = 0;
      try {
        claimed = await runBatch();
      } catch (error) {
        if (!running) return;
        log.warn({ error: describeFailure(error, secrets) }, 'outbox: could not claim or record messages; will try again');
      }
      // A full batch means more may be due: go on at once.
      if (claimed < BATCH_SIZE) await pause(POLL_MS);
    }
  }

  return {
    async start() {
      if (running || channels.length === 0) return;
      running = true;
      uninstall = installDeliverySettings({
        email: senders.email !== undefined,
        webhook: senders.webhook !== undefined,
        config,
      });
      unlisten = await listenForOutbox(db, nudge, log);
      loop = run();
    },
    nudge,
    async stop() {
      if (!running) return;
      running = false;
      uninstall?.();
      wake?.();
      await unlisten?.();
      // Sends under way finish within their deadline; past the grace they are cut (and retried after the lease).
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        loop,
        new Promise((resolve) => (grace = setTimeout(resolve, Math.min(STOP_GRACE_MS, SEND_DEADLINE_MS)))),
      ]);
      clearTimeout(grace);
      for (const sender of Object.values(senders)) sender.close();
    },
  };
}

/** `work` over `items`, at most `limit` at a time, results in the order of `items`. */
async function mapWithLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
