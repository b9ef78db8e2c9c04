import type { Clock } from '../../lib/clock';

// Contract "Login": more than 5 failures for one username, or more than 100 from one client address,
// within 15 minutes → 429 until the window passes. Successful logins are never counted. One process serves
// the product, so the counts live in memory.
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 100;

type Verdict = { limited: false } | { limited: true; retryAfterSeconds: number };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Limited when either key has already gone past its allowance inside the window. */
  check(username: string, address: string): Verdict {
    const now = this.clock.now().getTime();
    const verdicts = [
      this.verdictFor(`user:${username.trim().toLowerCase()}`, MAX_FAILURES_PER_USERNAME, now),
      this.verdictFor(`addr:${address}`, MAX_FAILURES_PER_ADDRESS, now),
    ];
    const limited = verdicts.filter((verdict) => verdict.limited);
    if (limited.length === 0) return { limited: false };
    return { limited: true, retryAfterSeconds: Math.max(...limited.map((verdict) => verdict.retryAfterSeconds)) };
  }

  recordFailure(username: string, address: string): void {
    const now = this.clock.now().getTime();
    for (const key of [`user:${username.trim().toLowerCase()}`, `addr:${address}`]) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.failures.set(key, recent);
    }
    if (this.failures.size > 50_000) this.prune(now);
  }

  private verdictFor(key: string, allowance: number, now: number): Verdict {
    const recent = this.recent(key, now);
    if (recent.length <= allowance) return { limited: false };
    // Limited until enough of the failures leave the window to bring the count back to the allowance.
    const releaseAt = (recent[recent.length - allowance - 1] ?? now) + LOGIN_WINDOW_MS;
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((releaseAt - now) / 1000)) };
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((time) => now - time < LOGIN_WINDOW_MS);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      const recent = times.filter((time) => now - time < LOGIN_WINDOW_MS);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}
