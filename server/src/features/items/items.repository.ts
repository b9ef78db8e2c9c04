import { asc, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemImages, items } from '../../db/schema';

export type ItemRow = typeof items.$inferSelect;

/** Items that are not deleted, with their image paths in display order. */
export async function listLiveItemsWithImages(db: DbOrTx): Promise<{ item: ItemRow; images: string[] }[]> {
  const rows = await db.select().from(items).where(isNull(items.deletedAt)).orderBy(asc(items.name), asc(items.id));
  if (rows.length === 0) return [];
  const images = await db
    .select({ itemId: itemImages.itemId, path: itemImages.path })
    .from(itemImages)
    .where(
      inArray(
        itemImages.itemId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(itemImages.position));
  const imagesByItem = new Map<string, string[]>();
  for (const image of images) imagesByItem.set(image.itemId, [...(imagesByItem.get(image.itemId) ?? []), image.path]);
  return rows.map((item) => ({ item, images: imagesByItem.get(item.id) ?? [] }));
}
