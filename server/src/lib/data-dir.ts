import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger';

/** POSIX single quotes, so the printed command works for any folder name. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * DATA_DIR holds the embedded database (its WAL carries password hashes) and the generated session secret
 * (item pictures live in the database, decision 013): only the server's own user may enter it (issue 7). A new folder is created 0700. An existing
 * one that others may enter is someone's folder: it is left as it is, with a warning naming the command that
 * closes it. Returns that warning (undefined when the folder is private).
 */
export async function prepareDataDir(dataDir: string, logger: Pick<Logger, 'warn'>): Promise<string | undefined> {
  const folder = path.resolve(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return undefined; // no POSIX modes there
  const mode = (await stat(folder)).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  const warning =
    `DATA_DIR ${folder} is open to other users of this machine (mode ${mode.toString(8)}), and it holds the ` +
    `database, its password hashes and the session secret. Close it with: chmod -R go-rwx ${shellQuote(folder)}`;
  logger.warn({ dataDir: folder, mode: mode.toString(8) }, warning);
  return warning;
}

/**
 * Takes group and other permissions off every file and folder under `folder` (the server's own files, never
 * DATA_DIR itself). PGlite copies a new cluster in with mode 0666 and writes some files later with its own
 * umask, whatever the process's umask is.
 */
export async function keepOwnerOnly(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) continue;
    try {
      const mode = (await stat(entryPath)).mode & 0o777;
      if ((mode & 0o077) !== 0) await chmod(entryPath, mode & 0o700);
      if (entry.isDirectory()) await keepOwnerOnly(entryPath);
    } catch (error) {
      // A temporary file the database removed meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
