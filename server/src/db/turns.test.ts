import { sql } from 'drizzle-orm';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { DatabaseHandle } from './client';
import { Turns } from './turns';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A transaction with a few milliseconds of the database's own work, like a checkout's. */
function busyTransaction(): Promise<unknown> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select count(*) from generate_series(1, 20000)`);
    await tx.execute(sql`select 1`);
  });
}

describe('Turns', () => {
  it('when tasks are queued together, then they run one at a time in the order they arrived', async () => {
    const turns = new Turns();
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const tasks = Array.from({ length: 20 }, (_, index) =>
      turns.run(async () => {
        started.push(index);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, index % 3));
        running -= 1;
        return index;
      }),
    );

    expect(await Promise.all(tasks)).toEqual(started);
    expect(started).toEqual([...Array(20).keys()]);
    expect(mostAtOnce).toBe(1);
  });

  it('when a task fails, then its caller gets the error and the tasks after it still run', async () => {
    const turns = new Turns();
    const failing = turns.run(() => Promise.reject(new Error('refused')));
    const throwing = turns.run(() => {
      throw new Error('thrown');
    });
    const after = turns.run(() => Promise.resolve('ran'));

    await expect(failing).rejects.toThrow('refused');
    await expect(throwing).rejects.toThrow('thrown');
    await expect(after).resolves.toBe('ran');
    expect(turns.queued).toBe(0);
  });
});

describe('the database under a burst', () => {
  it('when transactions are queued, then the event loop turns between two of them', async () => {
    let finished = 0;
    const queued = Array.from({ length: 10 }, () => busyTransaction().then(() => (finished += 1)));
    // An I/O callback stands for a request waiting to be read: it must not wait for the whole queue.
    const finishedWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(queued);

    expect(finishedWhenTheLoopTurned).toBeLessThanOrEqual(2);
  });

  it('when new connections arrive while others keep the server busy, then each is answered within about one round of the queue', async () => {
    const BUSY = 10;
    const NEW = 30;
    let served = 0;
    const server: Server = createServer((_request, response) => {
      busyTransaction().then(
        () => {
          served += 1;
          response.end('ok');
        },
        (error: unknown) => {
          response.statusCode = 500;
          response.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agents: Agent[] = [];
    // One keep-alive connection per client, as a browser or the load generator holds one.
    const client = () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      return () =>
        new Promise<void>((resolve, reject) => {
          request({ port, host: '127.0.0.1', agent, path: '/' }, (response) => {
            response.resume();
            response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error('not 200'))));
          })
            .on('error', reject)
            .end();
        });
    };
    try {
      let stop = false;
      const busy = Array.from({ length: BUSY }, async () => {
        const send = client();
        while (!stop) await send();
      });
      while (served < 3 * BUSY) await new Promise((resolve) => setTimeout(resolve, 10));

      // How many answers the server gave before each newcomer got its first.
      const burstStart = served;
      const waited = await Promise.all(
        Array.from({ length: NEW }, async () => {
          await client()();
          return served - burstStart;
        }),
      );
      stop = true;
      await Promise.all(busy);

      // Served in arrival order, the last newcomer waits for about one answer per open connection and the
      // connections accepted before it; unfairly, it waited for each connection's answers once per newcomer
      // accepted before it (about BUSY × NEW + NEW² / 2 = 400).
      expect(Math.max(...waited)).toBeLessThanOrEqual(3 * (BUSY + NEW));
    } finally {
      for (const agent of agents) agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
