import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { PICTURE_CONTENT_TYPE, UPLOADS_FOLDER, uploadsDir, type PictureFile, type PreparedImage } from '../../lib/uploads';
import { PictureCache } from './picture-cache';
import {
  findPictureFile,
  insertPictureFiles,
  insertPictureFilesIfAbsent,
  storedPicturePaths,
  type StoredPictureFile,
} from './pictures.repository';

// Decision 013: every stored size of every item picture is a row of picture_files, written in the transaction
// of the item that shows it; each server serves them from the database through a bounded memory cache.

export type { StoredPictureFile };

/**
 * A file name a picture may have under /uploads/: what the server generates ("<uuid>-<width>w.webp") and
 * what older servers wrote ("<uuid>.webp", "<uuid>-w320.webp"). Anything else (a dot file, "..", a NUL, a
 * percent-encoded byte, a very long name) is no picture and is answered 404 without asking the database.
 */
const PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}(?:\.[A-Za-z0-9]{1,10})?$/;

export function isPictureName(name: string): boolean {
  return PICTURE_NAME.test(name);
}

/** Stores every size of a prepared upload, inside the caller's transaction. */
export function storePicture(tx: DbOrTx, image: PreparedImage): Promise<void> {
  return insertPictureFiles(tx, image.files);
}

/**
 * The memory a server gives to pictures it serves. 64 MB holds about 400 pictures at all three sizes (a
 * 1200 px WebP is 60–200 KB, a 320 px one 8–25 KB), a whole catalogue's grid and product pages.
 */
export const PICTURE_CACHE_BYTES = 64 * 1024 * 1024;
/** How long a path found missing is answered 404 from memory: another server may store it a moment later. */
export const PICTURE_MISS_MS = 2_000;

/** Reads stored pictures by name ("<name>" of "uploads/<name>"), from memory when this server served it before. */
export function createPictureReader(db: Db, options: { maxBytes?: number } = {}) {
  const cache = new PictureCache<StoredPictureFile>({
    maxBytes: options.maxBytes ?? PICTURE_CACHE_BYTES,
    missMs: PICTURE_MISS_MS,
    maxMisses: 10_000,
  });
  return {
    cache,
    read(name: string): Promise<StoredPictureFile | undefined> {
      if (!isPictureName(name)) return Promise.resolve(undefined);
      return cache.get(`${UPLOADS_FOLDER}/${name}`, (stored) => findPictureFile(db, stored));
    },
  };
}

export type PictureReader = ReturnType<typeof createPictureReader>;

/** Files larger than this in the old folder are no picture an older server wrote (its largest were ~5 MB). */
const MAX_FOLDER_FILE_BYTES = 32 * 1024 * 1024;
/** How many missing paths one query checks, and how many files one insert carries (memory stays small). */
const PATHS_PER_QUERY = 500;
const FILES_PER_INSERT = 20;

/**
 * Moves the pictures an older server wrote under DATA_DIR/uploads into picture_files, once per path: a path
 * already stored (an earlier start, another server with a copy of the folder) is left as it is, so running it
 * again changes nothing. Files stay on disk. A temporary file (".x.webp.tmp"), a name no picture has, a file
 * that is not a WebP picture or cannot be read is skipped with a warning: it never stops the server starting.
 */
export async function importPictureFolder(
  db: Db,
  dataDir: string,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<{ imported: number; skipped: number }> {
  const folder = uploadsDir(dataDir);
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      logger.warn({ folder, err: error }, 'could not read the old pictures folder');
    return { imported: 0, skipped: 0 };
  }
  let skipped = 0;
  const skip = (name: string, reason: string) => {
    skipped += 1;
    logger.warn({ folder, file: name, reason }, 'skipped a file of the old pictures folder');
  };
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) skip(entry.name, 'not a regular file');
    else if (!isPictureName(entry.name)) skip(entry.name, 'not a picture name (a temporary or foreign file)');
    else names.push(entry.name);
  }

  let imported = 0;
  for (let start = 0; start < names.length; start += PATHS_PER_QUERY) {
    const batch = names.slice(start, start + PATHS_PER_QUERY);
    const stored = await storedPicturePaths(
      db,
      batch.map((name) => `${UPLOADS_FOLDER}/${name}`),
    );
    let pending: PictureFile[] = [];
    for (const name of batch) {
      const storedPath = `${UPLOADS_FOLDER}/${name}`;
      if (stored.has(storedPath)) continue;
      const file = await readPictureFile(path.join(folder, name), storedPath).catch((error: unknown) => {
        skip(name, error instanceof Error ? error.message : 'unreadable');
        return undefined;
      });
      if (!file) continue;
      pending.push(file);
      if (pending.length >= FILES_PER_INSERT) {
        imported += await insertPictureFilesIfAbsent(db, pending);
        pending = [];
      }
    }
    imported += await insertPictureFilesIfAbsent(db, pending);
  }
  if (imported > 0 || skipped > 0)
    logger.info({ folder, imported, skipped }, 'moved pictures of the old folder into the database');
  return { imported, skipped };
}

/** One file of the old folder as a row: only a WebP picture (all an older server wrote), its width read by sharp. */
async function readPictureFile(file: string, storedPath: string): Promise<PictureFile> {
  const { size } = await stat(file);
  if (size === 0 || size > MAX_FOLDER_FILE_BYTES) throw new Error(`unexpected size (${size} bytes)`);
  const bytes = await readFile(file);
  const metadata = await sharp(bytes, { failOn: 'error' }).metadata();
  if (metadata.format !== 'webp') throw new Error(`not a WebP picture (${metadata.format})`);
  return { path: storedPath, contentType: PICTURE_CONTENT_TYPE, width: metadata.width, bytes };
}
