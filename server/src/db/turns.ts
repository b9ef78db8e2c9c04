import type { PGlite } from '@electric-sql/pglite';

/**
 * Work that runs one task at a time in the order the tasks arrive, each started from a fresh turn of the event
 * loop (setImmediate), never straight from the end of the one before.
 *
 * Why (docs/decisions/024): PGlite runs the database on this process's only thread, and a statement's await
 * resolves without ever returning to the event loop. Its own queue is first come first served, but the queue
 * drains in one go, and a request that finds it empty runs its session check, its transaction and its answer
 * before the event loop reads anything else. Node accepts one new connection per turn of the loop (measured
 * on Node 20, libuv 1.46), and each turn served every request of the connections already open: in a burst of 50, the
 * last connection was accepted after about 50²/2 checkouts, 9.5 s on a server that had just started. Started
 * from setImmediate, each task lets the loop accept, read and queue what arrived meanwhile, and the tasks then
 * run in arrival order: no request waits for more than the work queued before it.
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private running = false;

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        let done: Promise<T>;
        try {
          done = task();
        } catch (error) {
          done = Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
        done.then(resolve, reject).finally(() => this.startNext());
      });
      if (!this.running) this.startNext();
    });
  }

  /** How many tasks wait for their turn (the one running not counted). */
  get queued(): number {
    return this.waiting.length;
  }

  private startNext(): void {
    const next = this.waiting.shift();
    this.running = next !== undefined;
    if (next) setImmediate(next);
  }
}

/**
 * Makes every statement and transaction of this PGlite take its turn (see Turns): the entry points Drizzle
 * and this product's own code call (`query`, `exec`, `transaction`; `sql` goes through `query`). The
 * statements of a transaction run inside its turn, on the transaction's own handle, so they never queue behind
 * it. Nothing is given up: PGlite already ran one of them at a time; only the order and the turns change.
 */
const taking = new WeakSet<PGlite>();

export function takeTurns(client: PGlite, turns = new Turns()): PGlite {
  // A client handed over twice (two handles on one PGlite) keeps one queue.
  if (taking.has(client)) return client;
  taking.add(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => turns.run(() => query(...args))) as PGlite['query'];
  client.exec = (...args) => turns.run(() => exec(...args));
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    turns.run(() => transaction(callback))) as PGlite['transaction'];
  return client;
}
