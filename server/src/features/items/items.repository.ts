import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { cartItems, itemImages, items } from '../../db/schema';

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

export type NewItemRow = typeof items.$inferInsert;

/** One item that is not deleted, with its image paths; undefined when unknown or deleted. */
export async function findLiveItemWithImages(db: DbOrTx, id: string): Promise<{ item: ItemRow; images: string[] } | undefined> {
  const [item] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)));
  if (!item) return undefined;
  return { item, images: await imagePathsOf(db, id) };
}

/** The item's row, locked for the rest of the transaction (edits and deletion of one item queue up). */
export async function lockLiveItem(tx: DbOrTx, id: string): Promise<ItemRow | undefined> {
  const [item] = await tx
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .for('update');
  return item;
}

export async function imagePathsOf(db: DbOrTx, itemId: string): Promise<string[]> {
  const rows = await db
    .select({ path: itemImages.path })
    .from(itemImages)
    .where(eq(itemImages.itemId, itemId))
    .orderBy(asc(itemImages.position), asc(itemImages.createdAt));
  return rows.map((row) => row.path);
}

export async function insertItem(tx: DbOrTx, values: NewItemRow): Promise<ItemRow> {
  const [row] = await tx.insert(items).values(values).returning();
  return row!;
}

export async function updateItemRow(tx: DbOrTx, id: string, values: Partial<NewItemRow>): Promise<ItemRow> {
  const [row] = await tx.update(items).set(values).where(eq(items.id, id)).returning();
  return row!;
}

/** The item's one picture becomes `path` (the item keeps a single image: spec §3). */
export async function replaceItemImage(tx: DbOrTx, itemId: string, path: string): Promise<void> {
  await tx.delete(itemImages).where(eq(itemImages.itemId, itemId));
  await tx.insert(itemImages).values({ itemId, path, position: 0 });
}

/** Contract "Items": a deleted item leaves every cart. */
export async function deleteCartLinesOfItem(tx: DbOrTx, itemId: string): Promise<number> {
  const removed = await tx.delete(cartItems).where(eq(cartItems.itemId, itemId)).returning({ id: cartItems.id });
  return removed.length;
}
