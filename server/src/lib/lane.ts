/**
 * Runs at most `concurrency` tasks at once, in the order they arrive. Bulk password hashing goes through
 * one lane per process (issue 7, finding 6): however many imports run, they take at most two of libuv's
 * four threads, and sign-ins, which hash outside the lane, always find a thread free.
 */
export class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
