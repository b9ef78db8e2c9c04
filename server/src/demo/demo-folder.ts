import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';
import { DemoRefusedError, demoUsernames } from './demo-programme';
import { countAllUsers, findUsersNotInDemo } from './demo.repository';

// The folder `npm run demo` keeps its database in, and what it will and will not do to it (contract "running the
// programme": the demo never writes into a database that has data; decisions 019 and 037).

/** Marks a folder as the demo's own: the demo writes only into an empty folder or one with this file. */
export const DEMO_MARKER = '.rewards-demo';
const NAMES_SHOWN = 5;

/**
 * A real programme's users in the folder's database: the sentence that refuses it (ending with `consequence`), or
 * undefined when there are none.
 */
async function realProgrammeIn(database: DatabaseHandle, shown: string, consequence: string): Promise<string | undefined> {
  const foreign = await findUsersNotInDemo(database.db, demoUsernames(), NAMES_SHOWN);
  if (foreign.total === 0) return undefined;
  const more = foreign.total > foreign.usernames.length ? ` and ${foreign.total - foreign.usernames.length} more` : '';
  return (
    `${shown} holds users that are not the demo's (${foreign.usernames.join(', ')}${more}): it is a real programme's ` +
    `database, so ${consequence}. Choose another --data-dir.`
  );
}

/** The refusal of a folder a live process holds, naming the process. */
export function inUseSentence(shown: string, error: DataDirLockedError, fresh: boolean): string {
  const owner = error.ownerPid ? `process ${error.ownerPid}` : 'another process';
  return (
    `${shown} is in use by ${owner} (a demo or a server running on it)` +
    `${fresh ? ', so --fresh deleted nothing' : ''}: stop it first, or choose another --data-dir.`
  );
}

/**
 * `--fresh`: empties the demo's folder for a new demo, holding the folder's lock from the check to the last file
 * deleted, so that nothing is deleted under a running demo or server (refused with DataDirLockedError). A folder
 * whose database holds users the demo never writes is a real programme's and is refused too. The lock file and
 * the marker stay.
 */
async function emptyForFreshDemo(dataDir: string, shown: string): Promise<void> {
  const lock = await acquireDataDirLock(dataDir);
  try {
    if (existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
      const database = await openDatabase({ dataDir, heldLock: lock });
      let refusal: string | undefined;
      try {
        refusal = await realProgrammeIn(database, shown, '--fresh deleted nothing');
      } finally {
        await database.close();
      }
      if (refusal) throw new DemoRefusedError(refusal);
    }
    const kept = new Set([path.basename(lock.path), DEMO_MARKER]);
    for (const entry of await readdir(dataDir)) {
      if (!kept.has(entry)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  } finally {
    await lock.release();
  }
}

/**
 * Makes `dataDir` ready for the demo, or refuses with a sentence (DemoRefusedError): a file, or a folder with
 * something in it that the demo did not make. `fresh` empties the demo's own folder first.
 * Answers whether the previous demo was deleted.
 */
export async function prepareDemoFolder(dataDir: string, { fresh, shown }: { fresh: boolean; shown: string }): Promise<boolean> {
  try {
    return await prepare(dataDir, fresh, shown);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A path through a file, a folder this user may not enter: the operator's to fix, said in a sentence.
    if (error instanceof Error && (code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM')) {
      throw new DemoRefusedError(`${shown} cannot hold the demo (${error.message}). Choose another --data-dir.`);
    }
    throw error;
  }
}

async function prepare(dataDir: string, fresh: boolean, shown: string): Promise<boolean> {
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new DemoRefusedError(`${shown} is a file, not a folder: --data-dir names the folder the demo keeps its database in.`);
  }
  const entries = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (entries.length > 0 && !entries.includes(DEMO_MARKER)) {
    throw new DemoRefusedError(
      `${shown} is not empty and was not made by \`npm run demo\`: the demo leaves it alone. Choose another --data-dir.`,
    );
  }
  const deleting = fresh && entries.some((entry) => entry !== DEMO_MARKER);
  if (deleting) await emptyForFreshDemo(dataDir, shown);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(dataDir, DEMO_MARKER), 'Made by `npm run demo`; `npm run demo -- --fresh` deletes this folder.\n', {
    mode: 0o600,
  });
  return deleting;
}

/**
 * Refuses a migrated demo database that already has users, naming a real programme's when there is one (the
 * demo writes only into an empty database).
 */
export async function refuseUnlessEmpty(database: DatabaseHandle, shown: string): Promise<void> {
  const real = await realProgrammeIn(database, shown, 'the demo writes nothing into it');
  if (real) throw new DemoRefusedError(real);
  if ((await countAllUsers(database.db)) > 0) {
    throw new DemoRefusedError(
      `${shown} already holds a demo programme; the demo never writes into a database that has data.\n` +
        `  Serve it as it is:      DATA_DIR=${shown} npm start\n` +
        `  Or start a new one:     npm run demo -- --fresh   (deletes ${shown} first)`,
    );
  }
}
