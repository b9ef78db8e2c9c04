import { ITEM_IMAGE_WIDEST, itemImagePath, itemImageWidthsFor } from '@app/common';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { AppError } from './app-error';

// Contract "Items": images are JPEG, PNG, WebP or GIF, checked by their content (never by name or by the type
// the browser claimed), at most 5 MB and 40 megapixels, stored under a generated name and served from
// /uploads/…. Nothing an uploader sent is served as it came: every picture is decoded and written again as
// WebP by sharp, which drops all metadata (EXIF, GPS, comments, ICC) and anything hidden after the picture's
// data. The files live in the database (table picture_files, decision 013), not on this server's disk.

/** The first segment of every stored path ("uploads/…"), and the folder under DATA_DIR older versions wrote. */
export const UPLOADS_FOLDER = 'uploads';

/** Where servers before decision 013 kept pictures; read once at start to move them into the database. */
export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, UPLOADS_FOLDER);
}

export const PICTURE_CONTENT_TYPE = 'image/webp';

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

/** One stored size: its path ("uploads/<name>-<width>w.webp"), its real pixel width and its bytes. */
export type PictureFile = { path: string; contentType: string; width: number; bytes: Buffer };
/** A prepared picture: the path an item keeps (the widest size) and every size to store with it. */
export type PreparedImage = { path: string; files: PictureFile[] };

/**
 * Reads only the header. sharp's own pixel limit (268 MP by default) is off here: with it, a 60,000 × 60,000
 * header is refused as undecodable (415), while the contract wants 413; our limit is checked by the caller.
 * An async function, because sharp's constructor throws at once (not in the promise) on an empty buffer.
 */
async function readHeader(bytes: Buffer): Promise<Metadata | undefined> {
  if (bytes.length === 0) return undefined;
  try {
    return await sharp(bytes, { failOn: 'warning', limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/**
 * Decodes `bytes`, refuses anything that is not one of the allowed formats or does not decode whole (a
 * truncated file, a text or zip named .png, an SVG, an empty file), and makes the sizes of itemImageWidthsFor
 * as WebP under one generated name. Nothing is stored here: the caller writes the files in the same
 * transaction as the item that shows them, so a failed request leaves nothing behind.
 */
export async function prepareImage(bytes: Buffer, field = 'image'): Promise<PreparedImage> {
  const metadata = await readHeader(bytes);
  if (!metadata || !ALLOWED_FORMATS.has(metadata.format)) throw notAnImage(field);
  // The header's claim is checked before any pixel is decoded.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw tooManyPixels(field);

  // rotate() applies the EXIF orientation before the metadata is dropped, so phone photos stay upright.
  const encode = async (width: number) => {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, data };
  };
  const name = randomUUID();
  const files: PictureFile[] = [];
  try {
    // The widest first: its real width (the upload's own when it is smaller, upright) decides the other sizes.
    const widest = await encode(ITEM_IMAGE_WIDEST);
    for (const width of itemImageWidthsFor(widest.width)) {
      const { data, width: realWidth } = width === widest.width ? widest : await encode(width);
      files.push({ path: itemImagePath(name, realWidth), contentType: PICTURE_CONTENT_TYPE, width: realWidth, bytes: data });
    }
  } catch {
    // A header that decodes but data that does not: a truncated or corrupt file.
    throw notAnImage(field);
  }
  return { path: files[files.length - 1]!.path, files };
}
