import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { pictureFiles } from '../../db/schema';
import type { PictureFile } from '../../lib/uploads';

export type StoredPictureFile = { path: string; contentType: string; bytes: Buffer; createdAt: Date };

/** Every size of one upload, inside the caller's transaction (the item write that shows it). */
export async function insertPictureFiles(tx: DbOrTx, files: PictureFile[]): Promise<void> {
  if (files.length > 0) await tx.insert(pictureFiles).values(files);
}

/** Files moved from an older server's folder: one already there (an earlier start, another server) is kept. */
export async function insertPictureFilesIfAbsent(db: DbOrTx, files: PictureFile[]): Promise<number> {
  if (files.length === 0) return 0;
  const inserted = await db
    .insert(pictureFiles)
    .values(files)
    .onConflictDoNothing({ target: pictureFiles.path })
    .returning({ path: pictureFiles.path });
  return inserted.length;
}

/** Which of `paths` are stored already. */
export async function storedPicturePaths(db: DbOrTx, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.select({ path: pictureFiles.path }).from(pictureFiles).where(inArray(pictureFiles.path, paths));
  return new Set(rows.map((row) => row.path));
}

const pictureFileByPath = preparedQuery((db) =>
  db
    .select({
      path: pictureFiles.path,
      contentType: pictureFiles.contentType,
      bytes: pictureFiles.bytes,
      createdAt: pictureFiles.createdAt,
    })
    .from(pictureFiles)
    .where(eq(pictureFiles.path, sql.placeholder('path')))
    .prepare('picture_file_by_path'),
);

/** One stored file by its path (a picture request that missed the memory cache: a prepared query). */
export async function findPictureFile(db: Db, path: string): Promise<StoredPictureFile | undefined> {
  const [row] = await pictureFileByPath(db).execute({ path });
  return row;
}
