import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export type DataDirLock = { path: string; release(): Promise<void> };

/** The folder is in use: `ownerPid` is the live process that holds it (undefined: the lock could not be taken). */
export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly ownerPid?: number,
  ) {
    super(message);
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second server on the same DATA_DIR would silently lose writes
 * (stack notes). The lock file holds the owner's pid; a lock left by a process that has died is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.resolve(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        path: lockPath,
        async release() {
          if (released) return;
          released = true;
          await unlink(lockPath).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by another server (process ${ownerPid}). ` +
            'Stop that server first, or give this one another DATA_DIR or a DATABASE_URL.',
          ownerPid,
        );
      }
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}.`);
}
