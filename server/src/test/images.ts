import sharp from 'sharp';

// Pictures for upload tests, made on the spot (no binary fixtures in the repository).

/** A noisy picture (noise does not compress, so sizes are realistic), in one of the allowed formats. */
export async function pictureOf(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  options: { width?: number; height?: number; exifComment?: string } = {},
): Promise<Buffer> {
  const width = options.width ?? 800;
  const height = options.height ?? 600;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919 + (index >> 5) * 104729) % 251;
  let image = sharp(noise, { raw: { width, height, channels: 3 } });
  if (options.exifComment)
    image = image.withExif({ IFD0: { ImageDescription: options.exifComment, Copyright: options.exifComment } });
  return image.toFormat(format).toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A PNG of a few hundred bytes whose header claims `width` × `height` pixels (a decompression bomb's header):
 * signature, IHDR (8-bit greyscale) with a correct CRC, a tiny IDAT that holds no real rows, IEND.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // zlib of one empty stored block: valid compressed data, far too short for the rows the header promises.
  const idat = Buffer.from([0x78, 0x01, 0x01, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
