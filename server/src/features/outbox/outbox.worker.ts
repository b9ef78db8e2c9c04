import type { DeliveryChannel } from '@app/common';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { resolveJwtSecret } from '../../lib/jwt-secret';
import type { Logger } from '../../lib/logger';
import { listenForOutbox } from './outbox.listener';
import { claimDueRows, markFailed, markSent, releaseBackedOff, type ClaimedRow } from './outbox.repository';
import {
  createSenders,
  describeFailure,
  messageKeys,
  PermanentFailure,
  secretsOf,
  sendTimeoutMs,
  type Sender,
} from './outbox.senders';

// Sends what enqueueDeliveries wrote, after its transaction commits (decisions 021 and 036). Every server runs
// one; they share the rows through the claim (FOR UPDATE SKIP LOCKED and a lease), so each message is sent
// once, or, when a server dies between sending and recording it, once more by another after the lease.
// Each channel is a lane of its own that claims, sends and records apart from the other, and each message is
// recorded as soon as its send ends: a gateway that hangs never holds up a mail, and a message already sent
// never waits for a slower one to be recorded (issue 30: mail waited 33.5 s at the median behind a hanging
// webhook, and a kill -9 sent a whole batch again).

/** Between polls; a commit that wrote to the outbox wakes the workers at once (LISTEN/NOTIFY). */
const POLL_MS = 1_000;
/**
 * How long a claimed row stays with its server, in send deadlines: a send ends within one, so a live server
 * never loses a row it is still sending, and a dead server's rows go again a minute later (at the default).
 */
const LEASE_IN_DEADLINES = 4;
/** Back-off after a failed attempt: 2^attempts seconds (2 s, 4 s, … 8.5 min), then 10 minutes. */
const MAX_BACKOFF_MS = 600_000;
/** After this many attempts (about one and a half hours of trying), a row is given up and kept. */
export const MAX_ATTEMPTS = 20;
/** How long stop() lets the sends under way finish; the rest go to whichever server claims them after the lease. */
const STOP_GRACE_MS = 5_000;
/** While a channel keeps failing, one warning a minute says so, not one per message (a mail server that is down). */
const FAILURE_LOG_INTERVAL_MS = 60_000;

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
  /**
   * The server's secret, from which the messages' keys are derived (index.ts passes the one it signs sessions
   * with); when not given, the same one read from the configuration (JWT_SECRET, or the one kept in DATA_DIR).
   */
  secret?: string;
};

/** The delay before the next attempt, with jitter so that rows failed together do not come back together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(2 ** attempts * 1_000, MAX_BACKOFF_MS);
  return Math.round(base * (0.5 + random() * 0.5));
}

export function createOutboxWorker({ db, config, logger, secret }: OutboxWorkerOptions): OutboxWorker {
  const senders = createSenders(config);
  const secrets = secretsOf(config);
  const log = logger.child({ component: 'outbox' });
  const timeoutMs = sendTimeoutMs(config);
  let lanes: Lane[] = [];

  let running = false;
  let unlisten: (() => Promise<void>) | undefined;
  const nudge = () => {
    for (const lane of lanes) lane.nudge();
  };

  return {
    async start() {
      if (running || Object.keys(senders).length === 0) return;
      running = true;
      const keyOf = messageKeys(secret ?? (await resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR)));
      lanes = (Object.entries(senders) as [DeliveryChannel, Sender][]).map(([channel, sender]) =>
        createLane({ db, channel, sender, keyOf, leaseMs: LEASE_IN_DEADLINES * timeoutMs, secrets, log }),
      );
      unlisten = await listenForOutbox(db, nudge, log);
      for (const lane of lanes) lane.start();
    },
    nudge,
    async stop() {
      if (!running) return;
      running = false;
      const finished = Promise.all(lanes.map((lane) => lane.stop()));
      await unlisten?.();
      // Sends under way finish within their deadline; past the grace they are cut (and retried after the lease).
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([finished, new Promise((resolve) => (grace = setTimeout(resolve, Math.min(STOP_GRACE_MS, timeoutMs))))]);
      clearTimeout(grace);
      for (const sender of Object.values(senders)) sender.close();
    },
  };
}

type Lane = {
  start(): void;
  nudge(): void;
  /** Claims no more; resolves once the sends under way have ended and been recorded. */
  stop(): Promise<void>;
};

type LaneOptions = {
  db: Db;
  channel: DeliveryChannel;
  sender: Sender;
  keyOf: (rowId: number) => string;
  leaseMs: number;
  secrets: string[];
  log: Logger;
};

/**
 * One channel's sending: up to `sender.concurrency` messages under way, a new one claimed as soon as one ends
 * (no batch waits for its slowest), each recorded by its own write when its send ends.
 */
function createLane({ db, channel, sender, keyOf, leaseMs, secrets, log }: LaneOptions): Lane {
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;
  /** The last claim took as many rows as it asked for: more may be due, so a send that ends claims again. */
  let moreDue = false;
  /** No success since the last failure: the next retry that goes through releases the channel's backlog. */
  let backlogWaiting = true;
  let unloggedFailures = 0;
  let lastFailureLog = -Infinity;

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

  async function deliver(row: ClaimedRow): Promise<void> {
    try {
      await sender.send({ key: keyOf(row.id), payload: row.payload });
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    await markSent(db, row.id);
    // A retry that went through: the receiver is back, so what waits out its back-off goes now.
    if (row.attempts > 1 && backlogWaiting) {
      backlogWaiting = false;
      await releaseBackedOff(db, channel);
    }
  }

  async function recordFailure(row: ClaimedRow, failure: unknown): Promise<void> {
    const error = describeFailure(failure, secrets);
    // A permanent refusal is given up at once, like a message after its last attempt (issue 30).
    const refused = failure instanceof PermanentFailure;
    const givingUp = refused || row.attempts >= MAX_ATTEMPTS;
    if (!refused) backlogWaiting = true;
    await markFailed(
      db,
      row.id,
      refused ? `failed: refused: ${error}` : givingUp ? `failed: gave up after ${row.attempts} attempts: ${error}` : error,
      givingUp ? null : backoffMs(row.attempts),
    );
    if (givingUp) {
      log.error(
        { outboxId: row.id, channel, error },
        refused ? 'outbox: a message was refused for good' : 'outbox: gave up on a message',
      );
      return;
    }
    unloggedFailures += 1;
    if (Date.now() - lastFailureLog < FAILURE_LOG_INTERVAL_MS) return;
    log.warn({ channel, failed: unloggedFailures, error }, 'outbox: could not send; will retry');
    unloggedFailures = 0;
    lastFailureLog = Date.now();
  }

  function track(row: ClaimedRow): void {
    const done = deliver(row)
      .catch((error: unknown) =>
        log.warn(
          { outboxId: row.id, channel, error: describeFailure(error, secrets) },
          'outbox: could not record a send; the message goes again after its lease',
        ),
      )
      .finally(() => {
        inFlight.delete(done);
        if (moreDue) nudge();
      });
    inFlight.add(done);
  }

  async function run(): Promise<void> {
    while (running) {
      nudged = false;
      const free = sender.concurrency - inFlight.size;
      if (free > 0) {
        try {
          const rows = await claimDueRows(db, { channels: [channel], limit: free, leaseMs });
          moreDue = rows.length === free;
          for (const row of rows) track(row);
        } catch (error) {
          if (!running) return;
          log.warn({ channel, error: describeFailure(error, secrets) }, 'outbox: could not claim messages; will try again');
        }
      }
      // Woken early by a commit that wrote to the outbox (NOTIFY), or by a send that ends while more are due.
      await pause(POLL_MS);
    }
  }

  return {
    start() {
      running = true;
      loop = run();
    },
    nudge,
    async stop() {
      running = false;
      wake?.();
      await loop;
      await Promise.all([...inFlight]);
    },
  };
}
