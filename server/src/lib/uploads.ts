import { ITEM_IMAGE_WIDTHS } from '@app/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from './app-error';

// Contract "Items": images are JPEG, PNG, WebP or GIF, checked by their content (never by name or by the type
// the browser claimed), at most 5 MB, stored under a generated name and served from /uploads/…. Nothing an
// uploader sent is served as it came: every picture is decoded and written again as WebP by sharp, which
// drops all metadata (EXIF, GPS, comments, ICC) and anything hidden after the picture's data.

/** The folder under DATA_DIR, and the first segment of every stored path ("uploads/…"). */
export const UPLOADS_FOLDER = 'uploads';

export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, UPLOADS_FOLDER);
}

const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/**
 * Larger pictures are refused before they are decoded: a 5 MB PNG of one colour can claim 50,000 × 50,000
 * pixels and would take gigabytes to decode (a decompression bomb). 40 megapixels is any phone's camera.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

const notAnImage = (field: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image must be a JPEG, PNG, WebP or GIF picture', {
    details: [{ field, message: 'The image must be a JPEG, PNG, WebP or GIF picture' }],
  });

const tooManyPixels = (field: string) =>
  new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels (at most 40 megapixels)', {
    details: [{ field, message: 'The image has too many pixels (at most 40 megapixels)' }],
  });

/** A stored picture: the path an item keeps (the widest size) and every file written for it. */
export type StoredImage = { path: string; files: string[] };

/**
 * Decodes `bytes`, refuses anything that is not one of the allowed formats or does not decode whole (a
 * truncated file, a text or zip named .png, an SVG), and writes the sizes of ITEM_IMAGE_WIDTHS as WebP under
 * one generated name. Each file is written under a temporary name and renamed, so a half-written file is
 * never served. On any failure the files written so far are removed.
 */
export async function storeImage(dataDir: string, bytes: Buffer, field = 'image'): Promise<StoredImage> {
  const decode = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated: false });
  // Only the header is read here; the pixel limit is checked below, with its own answer.
  const metadata = await sharp(bytes, { failOn: 'warning' })
    .metadata()
    .catch(() => undefined);
  if (!metadata) throw notAnImage(field);
  if (!ALLOWED_FORMATS.has(metadata.format)) throw notAnImage(field);
  // The header's claim is checked before any pixel is decoded.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw tooManyPixels(field);

  const encoded: { width: number; data: Buffer }[] = [];
  try {
    for (const width of ITEM_IMAGE_WIDTHS) {
      // rotate() applies the EXIF orientation before the metadata is dropped, so phone photos stay upright.
      const data = await decode().rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
      encoded.push({ width, data });
    }
  } catch {
    // A header that decodes but data that does not: a truncated or corrupt file.
    throw notAnImage(field);
  }

  const folder = uploadsDir(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = randomUUID();
  const widest = ITEM_IMAGE_WIDTHS[ITEM_IMAGE_WIDTHS.length - 1];
  const files: string[] = [];
  try {
    for (const { width, data } of encoded) {
      const fileName = width === widest ? `${name}.webp` : `${name}-w${width}.webp`;
      const finalPath = path.join(folder, fileName);
      const temporaryPath = path.join(folder, `.${fileName}.tmp`);
      await writeFile(temporaryPath, data, { mode: 0o600, flag: 'wx' });
      try {
        await rename(temporaryPath, finalPath);
      } catch (error) {
        await rm(temporaryPath, { force: true });
        throw error;
      }
      files.push(finalPath);
    }
  } catch (error) {
    await removeFiles(files);
    throw error;
  }
  return { path: `${UPLOADS_FOLDER}/${name}.webp`, files };
}

/** Removes files written for a request that then failed (missing ones are fine). */
export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}
