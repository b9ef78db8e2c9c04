import { AppError } from '../../lib/app-error';
import type { StreamedAnswer } from '../../lib/streamed-answer';

/** Contract "Exports": more than this many at once on one server → 429. */
export const MAX_RUNNING_EXPORTS = 2;
/** What the 429 tells a client to wait: about what a 50,000-row export takes. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/**
 * The exports running on one server. Each holds a database connection (PostgreSQL) and a share of the
 * processor for its whole download, so a third at once is refused rather than queued behind the others: the
 * person asking is told to try again shortly, and everyone else's requests keep their speed (issue 30). One
 * per server by design (the contract counts per server); built with the route table, not a module global.
 */
export function exportSlots(limit = MAX_RUNNING_EXPORTS) {
  let running = 0;
  return async function inSlot(start: () => StreamedAnswer | Promise<StreamedAnswer>): Promise<StreamedAnswer> {
    if (running >= limit) {
      throw new AppError('RATE_LIMITED', 'Other exports are running. Please try again in a few seconds.', {
        headers: { 'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS) },
      });
    }
    running += 1;
    let answer: StreamedAnswer;
    try {
      answer = await start();
    } catch (error) {
      running -= 1;
      throw error;
    }
    return answer.finally(() => {
      running -= 1;
    });
  };
}
