import sharp from 'sharp';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { itemImages, items, pictureFiles } from '../server/src/db/schema';
import { prepareImage } from '../server/src/lib/uploads';

const NAMES = [
  'Ceiling Fan',
  'Electric Kettle',
  'Steam Iron',
  'Mixer Grinder',
  'LED Torch',
  'Wall Clock',
  'Room Heater',
  'Toaster',
];
const COLOURS = ['#1c7ed6', '#e8590c', '#2f9e44', '#c2255c', '#f08c00', '#6741d9', '#0c8599', '#495057'];

/** A product-like picture: a coloured shape on white, 1200 × 900, as a JPEG (what staff upload from a phone). */
function picture(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#fff"/><circle cx="600" cy="450" r="300" fill="${colour}"/><rect x="450" y="380" width="300" height="140" rx="30" fill="#fff" opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * `count` items written into the database before the server opens it, with pictures prepared as the server
 * prepares them (re-encoded WebP in every width): eight pictures shared round-robin. Every third item has a
 * discount; stock is 5 except every tenth item, which is sold out (the shop hides it).
 */
export async function seedCatalogue(dataDir: string, count: number, options: { databaseUrl?: string } = {}) {
  const database = await openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  try {
    await migrateDatabase(database);
    const prepared = await Promise.all(COLOURS.map(async (colour) => prepareImage(await picture(colour))));
    await database.db.insert(pictureFiles).values(prepared.flatMap((image) => image.files));
    const pictures = prepared.map((image) => image.path);
    const rows = await database.db
      .insert(items)
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `${NAMES[index % NAMES.length]} ${String(index + 1).padStart(3, '0')}`,
          description: `<p>A sturdy <strong>${NAMES[index % NAMES.length]!.toLowerCase()}</strong> for the shop floor.</p><ul><li>One year warranty</li><li>Delivered in Rajasthan</li></ul>`,
          pointsRequired: (500 + (index % 20) * 250) * 100,
          discount: index % 3 === 0 ? (50 + (index % 5) * 25) * 100 : 0,
          stock: index % 10 === 9 ? 0 : 5,
        })),
      )
      .returning({ id: items.id });
    await database.db
      .insert(itemImages)
      .values(rows.map((row, index) => ({ itemId: row.id, path: pictures[index % pictures.length]! })));
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}
