import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateDatabase, withStartupLock } from './db/migrate';
import { createOutboxWorker } from './features/outbox/outbox.worker';
import { importPictureFolder } from './features/pictures/pictures.service';
import { createPointsExpiryScheduler } from './features/points-expiry/points-expiry.scheduler';
import { seedDatabase } from './db/seed';
import { systemClock } from './lib/clock';
import { prepareDataDir } from './lib/data-dir';
import { resolveJwtSecret } from './lib/jwt-secret';
import { createLogger } from './lib/logger';

// Everything this process creates (the embedded database's files, which PGlite writes with open modes, the
// generated secret) is for its own user only: folders 0700, files 0600 (issue 7, finding 5).
process.umask(0o077);

const SHUTDOWN_GRACE_MS = 10_000;
const defaultClientDistDir = fileURLToPath(new URL('../../client/dist', import.meta.url));

// A signal that arrives while the server is still starting is kept and acted on once start-up is done,
// so that the database is always closed (and its lock released) before the process ends.
let handleSignal: (signal: string) => void = (signal) => {
  pendingSignal = signal;
};
let pendingSignal: string | undefined;
process.on('SIGTERM', () => handleSignal('SIGTERM'));
process.on('SIGINT', () => handleSignal('SIGINT'));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  await prepareDataDir(config.DATA_DIR, logger);
  const database: DatabaseHandle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  try {
    // Servers started together on one PostgreSQL database migrate and seed one after the other.
    await withStartupLock(database, async () => {
      await migrateDatabase(database);
      await seedDatabase(database.db, config, logger);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // Pictures an older server kept under DATA_DIR/uploads move into the database once (decision 013); the
  // files stay. A folder that cannot be moved is logged and the server starts anyway: its new pictures work.
  await importPictureFolder(database.db, config.DATA_DIR, logger).catch((error: unknown) =>
    logger.error({ err: error }, 'could not move the old pictures folder into the database; will try again at the next start'),
  );

  const jwtSecret = await resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);

  // Mails and webhook calls (contract "language and notifications") go out from here, never from a request;
  // started before the first request, whose notifications it must deliver. The secret keys their Message-IDs.
  const outboxWorker = createOutboxWorker({ db: database.db, config, logger, secret: jwtSecret });
  await outboxWorker.start();

  const app = createApp({
    db: database.db,
    config,
    jwtSecret,
    logger,
    clock: systemClock,
    clientDistDir: config.CLIENT_DIST_DIR ? path.resolve(config.CLIENT_DIST_DIR) : defaultClientDistDir,
  });
  // Contract "points expiry": the day's run, at start and then daily, claimed so one server runs it.
  const expiryScheduler = createPointsExpiryScheduler({ db: database.db, config, logger, clock: systemClock });
  expiryScheduler.start();

  const server: Server = app.listen(config.PORT, () => {
    logger.info(
      { port: config.PORT, database: database.kind },
      `serving on http://localhost:${config.PORT} (${database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
    );
  });

  let shuttingDown = false;

  // Stop taking requests, let those in flight finish, then close the database (and its lock).
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      logger.error('requests still running after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // After the requests (whose outbox rows it would send), before the database it writes to.
    await expiryScheduler.stop();
    await outboxWorker.stop();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  handleSignal = (signal) => void shutdown(signal);
  if (pendingSignal) handleSignal(pendingSignal);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
