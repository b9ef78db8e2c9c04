import { kolkataDate } from '@app/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { deliveryFor } from '../outbox/outbox.service';
import { claimDailyRun, extendDailyRun, finishDailyRun } from './points-expiry.repository';
import { runExpiry } from './points-expiry.service';

// Contract "points expiry": the run happens at least once a day and at start. Every server has this scheduler;
// the day's run is claimed through the database (points_expiry_runs), so one server runs it while the others
// find it claimed or finished. A claim lapses when its server stops renewing it (it died): another takes it
// over at its next look, and the run, safe to repeat, picks up what is left.

/** How often a server looks whether the day's run is due (a new day in Asia/Kolkata, or a lapsed claim). */
export const EXPIRY_CHECK_MS = 10 * 60_000;
/** How long a claim holds without renewal; renewed after every batch, so only a dead server's lapses. */
const CLAIM_MS = 2 * 60_000;

export type PointsExpiryScheduler = {
  /** Looks at once (without holding the start up) and then every `checkMs`. */
  start(): void;
  /** Looks now (the start's look, and tests). Resolves when the look, and any run it began, is over. */
  check(): Promise<void>;
  stop(): Promise<void>;
};

export function createPointsExpiryScheduler(options: {
  db: Db;
  config: Config;
  logger: Logger;
  clock: Clock;
  checkMs?: number;
}): PointsExpiryScheduler {
  const { db, config, clock } = options;
  const log = options.logger.child({ component: 'points-expiry' });
  const server = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const delivery = deliveryFor(config);
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let stopped = false;

  async function look(): Promise<void> {
    const now = clock.now();
    const day = kolkataDate(now);
    const until = () => new Date(clock.now().getTime() + CLAIM_MS);
    if (!(await claimDailyRun(db, day, server, until()))) return;
    const started = Date.now();
    const totals = await runExpiry({ db, config, delivery, now }, async () => {
      if (stopped) throw new StoppedError();
      await extendDailyRun(db, day, server, until());
    });
    await finishDailyRun(db, day, totals);
    log.info({ day, ...totals, ms: Date.now() - started }, 'points expiry: the day’s run is done');
  }

  const check = (): Promise<void> => {
    // One look at a time: a run longer than the interval is not begun twice by one server.
    current ??= look()
      .catch((error: unknown) => {
        if (error instanceof StoppedError) return;
        log.error({ err: error }, 'points expiry: the run failed; it is tried again at the next look');
      })
      .finally(() => (current = undefined));
    return current;
  };

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void check(), options.checkMs ?? EXPIRY_CHECK_MS);
      timer.unref();
      // At start, without holding the start up: the first requests are served while it runs.
      void check();
    },
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A run stops between batches; its claim lapses and another server (or this one's next start) finishes it.
      await current;
    },
  };
}

class StoppedError extends Error {}
