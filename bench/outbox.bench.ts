// `npm run bench:outbox`: mail delivery from the outbox (decision 021). N notifications (BENCH_OUTBOX_MESSAGES,
// default 2,000) to customers with an email, sent by one outbox worker to a local SMTP server (smtp-server, in
// this process): messages per second once the worker starts on a full outbox; then, with the SMTP server down
// while N more are enqueued, for BENCH_OUTBOX_OUTAGE_SECONDS (default 10) and until each has failed at least
// once, the delay from the server coming back until the whole backlog has arrived. On PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL, a
// superuser) on PostgreSQL. Figures are in docs/benchmarks.md.
//
// Environment: BENCH_OUTBOX_MESSAGES, BENCH_OUTBOX_OUTAGE_SECONDS, BENCH_DATABASES (default "pglite,postgres").
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { type DatabaseHandle } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { rowsOf } from '../server/src/db/raw-rows';
import { notifications } from '../server/src/db/schema';
import { deliveryFor, enqueueDeliveries, type Delivery } from '../server/src/features/outbox/outbox.service';
import { startMailCatcher } from '../server/src/features/outbox/outbox.testing';
import { createOutboxWorker } from '../server/src/features/outbox/outbox.worker';
import { insertUser } from '../server/src/features/users/users.repository';
import { createLogger } from '../server/src/lib/logger';
import { openFreshDatabase } from './fresh-database';
import { benchDatabases } from './measure';

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 2_000);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTBOX_OUTAGE_SECONDS ?? 10);
const DATABASES = benchDatabases();
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CUSTOMERS = 200;
const PER_TRANSACTION = 50;

const freshDatabase = (kind: string) => openFreshDatabase(kind, 'bench-outbox', POSTGRES_URL);

/** `count` bill notifications spread over the customers, each with its mail row, PER_TRANSACTION a transaction. */
async function enqueue(
  handle: DatabaseHandle,
  delivery: Delivery,
  customerIds: string[],
  count: number,
  first: number,
): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < count; done += PER_TRANSACTION) {
    await handle.db.transaction(async (tx) => {
      for (let index = done; index < Math.min(done + PER_TRANSACTION, count); index += 1) {
        const userId = customerIds[index % customerIds.length]!;
        const params = { billNumber: `INV-${first + index}`, points: 150, availablePoints: 1250 };
        const [row] = await tx.insert(notifications).values({ userId, type: 'bill_entered', params }).returning();
        await enqueueDeliveries(tx, delivery, { notificationId: row!.id, userId, type: 'bill_entered', params });
      }
    });
  }
  return performance.now() - started;
}

async function unsent(handle: DatabaseHandle): Promise<number> {
  const [row] = rowsOf<{ count: string | number }>(
    await handle.db.execute(sql`SELECT count(*) AS count FROM outbox WHERE sent_at IS NULL`),
  );
  return Number(row!.count);
}

async function measure(kind: string): Promise<string> {
  const fresh = await freshDatabase(kind);
  const { handle } = fresh;
  const catcher = await startMailCatcher();
  try {
    await migrateDatabase(handle);
    const customerIds: string[] = [];
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const row = await insertUser(handle.db, {
        username: `bench-outbox-${index}`,
        partyName: `Party ${index}`,
        phoneNumber: '9829012345',
        passwordHash: 'x',
        userType: 'customer',
        email: `customer-${index}@example.com`,
        language: index % 2 === 0 ? 'en' : 'hi',
      });
      customerIds.push(row.id);
    }
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: catcher.url, MAIL_FROM: 'Rewards <rewards@example.com>' });
    const worker = createOutboxWorker({ db: handle.db, config, logger: createLogger('silent') });

    // 1. A full outbox, then the worker starts: messages per second.
    const delivery = deliveryFor(config);
    const enqueueMs = await enqueue(handle, delivery, customerIds, MESSAGES, 0);
    let started = performance.now();
    await worker.start();
    await catcher.waitFor(MESSAGES, 600_000);
    const sendSeconds = (performance.now() - started) / 1000;
    // The last batch's rows are recorded as sent just after its mails arrive.
    while ((await unsent(handle)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));

    // 2. The mail server goes down while N more are enqueued, stays down OUTAGE_SECONDS, comes back.
    await catcher.stop();
    const outageStarted = performance.now();
    await enqueue(handle, delivery, customerIds, MESSAGES, MESSAGES);
    // Down for OUTAGE_SECONDS, and until every message has been tried and failed at least once.
    for (;;) {
      const [tried] = rowsOf<{ untried: string | number }>(
        await handle.db.execute(sql`SELECT count(*) FILTER (WHERE attempts = 0) AS untried FROM outbox WHERE sent_at IS NULL`),
      );
      if (Number(tried!.untried) === 0 && performance.now() - outageStarted >= OUTAGE_SECONDS * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outageSeconds = (performance.now() - outageStarted) / 1000;
    const [attempts] = rowsOf<{ max: number; avg: string | number }>(
      await handle.db.execute(sql`SELECT max(attempts) AS max, avg(attempts) AS avg FROM outbox WHERE sent_at IS NULL`),
    );
    await catcher.start();
    started = performance.now();
    await catcher.waitFor(2 * MESSAGES, 900_000);
    const backlogSeconds = (performance.now() - started) / 1000;
    await worker.stop();
    // At least once (decision 021): a copy would show as a bill number that arrived twice.
    const copies = catcher.mails.length - new Set(catcher.mails.map((mail) => mail.subject)).size;

    return `| ${kind === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${MESSAGES.toLocaleString('en-US')} | ${(
      (MESSAGES / enqueueMs) *
      1000
    ).toFixed(
      0,
    )}/s | ${(MESSAGES / sendSeconds).toFixed(0)}/s (${sendSeconds.toFixed(1)} s) | ${outageSeconds.toFixed(0)} s, ${Number(
      attempts!.avg,
    ).toFixed(1)} attempts on average (at most ${attempts!.max}) | ${backlogSeconds.toFixed(1)} s | ${copies} |`;
  } finally {
    await catcher.stop();
    await fresh.drop();
  }
}

const lines = [
  '| database | messages | enqueued (in the transactions) | sent by one worker | outage | backlog sent after the server is back | sent twice |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
for (const kind of DATABASES) {
  if (kind === 'postgres' && !POSTGRES_URL) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    continue;
  }
  lines.push(await measure(kind));
  console.log(lines.at(-1));
}
console.log(`\n${lines.join('\n')}`);
