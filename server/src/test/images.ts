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
