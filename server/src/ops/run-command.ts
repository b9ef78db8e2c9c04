import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { prepareDataDir } from '../lib/data-dir';
import { BackupError } from './backup-format';

/**
 * What `npm run backup` and `npm run restore` share: the server's configuration (DATABASE_URL, or the embedded
 * database in DATA_DIR behind the same lock the server takes), one file argument, and messages instead of
 * stack traces for everything an operator can fix. Exit code 1 on any failure.
 */
export async function runDatabaseCommand(
  name: 'backup' | 'restore',
  work: (database: DatabaseHandle, file: string) => Promise<string>,
  checkFile?: (file: string) => Promise<unknown>,
): Promise<void> {
  // The file and the embedded database's files hold password hashes: for this user only, as the server does.
  process.umask(0o077);
  const argument = process.argv[2];
  if (!argument || process.argv.length > 3) {
    console.error(`Usage: npm run ${name} -- FILE   (the database is the server's: DATABASE_URL, or DATA_DIR)`);
    process.exit(2);
  }
  // npm runs scripts from the repository's folder; a relative FILE means the folder the operator typed it in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig();
    await checkFile?.(file);
    if (!config.DATABASE_URL) {
      if (name === 'backup' && !existsSync(path.join(config.DATA_DIR, 'db', 'PG_VERSION'))) {
        throw new BackupError(`There is no embedded database in ${path.resolve(config.DATA_DIR)} to back up (DATA_DIR).`);
      }
      await prepareDataDir(config.DATA_DIR, console);
    }
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const started = performance.now();
    const summary = await work(database, file);
    console.log(`${summary} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    await database.close();
    process.exit(0);
  } catch (error) {
    await database?.close().catch(() => undefined);
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\nThe embedded database is backed up and restored while its server is stopped.`);
    } else if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(`The ${name} failed:`, error);
    }
    process.exit(1);
  }
}

export const describeCounts = (counts: Record<string, number>) => {
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return `${rows.toLocaleString('en-IN')} rows in ${Object.keys(counts).length} tables`;
};
