// Draws the installed app's icons (public/manifest.webmanifest, index.html's icon and apple-touch-icon) from
// public/favicon.svg: a blue rounded square with a white star. The page names a PNG, not the SVG: an SVG icon is
// a whole SVG document the page's main thread builds during the first render (decision 028). Run once after the favicon changes, and commit the PNGs:
//   node client/build/draw-icons.mjs
// sharp comes with the server's workspace; the client's build does not run this.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const iconsDir = path.join(publicDir, 'icons');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const blue = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const star = /<path d="([^"]+)" fill="#fff"\/>/.exec(favicon)?.[1];
if (!blue || !star) throw new Error('favicon.svg no longer has the blue square and the white star this script reads');

// The star's outline spans x 6.6–25.4 and y 6.5–24.4 of the favicon's 32 units; its centre is (16, 15.45).
const STAR_CENTRE = { x: 16, y: 15.45 };

/**
 * A maskable icon fills its whole square (the launcher cuts its own shape) and keeps what matters inside the
 * safe zone, a centred circle of 80% of the width. Scaled by 0.8 around its centre the star reaches 8.6 units
 * from the middle, well inside the zone's 12.8.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${blue}"/><path transform="translate(16 16) scale(0.8) translate(${-STAR_CENTRE.x} ${-STAR_CENTRE.y})" d="${star}" fill="#fff"/></svg>`;
// Apple draws its own rounded corners on a square with no transparency, and adds no padding.
const appleTouch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${blue}"/><path transform="translate(16 16) scale(0.9) translate(${-STAR_CENTRE.x} ${-STAR_CENTRE.y})" d="${star}" fill="#fff"/></svg>`;

const ICONS = [
  { file: 'favicon-32.png', size: 32, svg: favicon },
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: appleTouch },
];

mkdirSync(iconsDir, { recursive: true });
for (const { file, size, svg } of ICONS) {
  // The SVG is 32 units wide: render at the density that makes it `size` pixels, not a blurred upscale.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(iconsDir, file));
  console.log(`${file}: ${size}×${size}`);
}
