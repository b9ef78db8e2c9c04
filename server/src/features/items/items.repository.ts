import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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

/**
 * Items of an order, locked in one fixed order (by id) so two checkouts that share items never wait on each
 * other in a cycle; deleted items included (a cancelled order gives their stock back too).
 */
export async function lockItemsInIdOrder(tx: DbOrTx, ids: string[]): Promise<{ item: ItemRow; image: string | null }[]> {
  if (ids.length === 0) return [];
  // The first picture comes with the row (an order keeps it), in the same round trip as the lock.
  // Written out qualified: Drizzle drops the table from column names in a one-table select.
  const firstImage = sql<string | null>`(select image.path from item_images image where image.item_id = "items"."id"
    order by image.position, image.created_at limit 1)`;
  return tx
    .select({ item: items, image: firstImage })
    .from(items)
    .where(inArray(items.id, ids))
    .orderBy(asc(items.id))
    .for('update', { of: items });
}

/** The statement that adds to items' stock (a negative delta takes away); the caller holds their locks and checked the result. */
export function stocksAddition(deltas: { itemId: string; delta: number }[], now: Date): SQL {
  const changes = JSON.stringify(deltas.map((change) => ({ item_id: change.itemId, delta: change.delta })));
  return sql`update ${items} set stock = ${items.stock} + change.delta, updated_at = ${now.toISOString()}
    from json_to_recordset(${changes}::json) as change(item_id uuid, delta integer)
    where ${items.id} = change.item_id`;
}
