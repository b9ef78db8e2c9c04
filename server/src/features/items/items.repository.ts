import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { itemImages, items } from '../../db/schema';

export type ItemRow = typeof items.$inferSelect;

const liveItems = preparedQuery((db) =>
  db.select().from(items).where(isNull(items.deletedAt)).orderBy(asc(items.name), asc(items.id)).prepare('live_items'),
);
const imagesOfLiveItems = preparedQuery((db) =>
  db
    .select({ itemId: itemImages.itemId, path: itemImages.path })
    .from(itemImages)
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(isNull(items.deletedAt))
    .orderBy(asc(itemImages.position))
    .prepare('images_of_live_items'),
);

/** Items that are not deleted, with their image paths in display order (the catalogue: prepared queries). */
export async function listLiveItemsWithImages(db: Db): Promise<{ item: ItemRow; images: string[] }[]> {
  const [rows, images] = await Promise.all([liveItems(db).execute(), imagesOfLiveItems(db).execute()]);
  const imagesByItem = new Map<string, string[]>();
  for (const image of images) imagesByItem.set(image.itemId, [...(imagesByItem.get(image.itemId) ?? []), image.path]);
  return rows.map((item) => ({ item, images: imagesByItem.get(item.id) ?? [] }));
}
