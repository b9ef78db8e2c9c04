import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems, itemImages, items } from '../../db/schema';

export type CartLineRow = {
  id: string;
  quantity: number;
  item: { id: string; name: string; pointsRequired: number; discount: number; stock: number };
  images: string[];
};

/** The customer's cart lines of items that are not deleted, oldest line first, with each item's pictures. */
export async function listCartLines(db: DbOrTx, userId: string): Promise<CartLineRow[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      item: {
        id: items.id,
        name: items.name,
        pointsRequired: items.pointsRequired,
        discount: items.discount,
        stock: items.stock,
      },
    })
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.itemId))
    .where(and(eq(cartItems.userId, userId), isNull(items.deletedAt)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  if (rows.length === 0) return [];
  const images = await db
    .select({ itemId: itemImages.itemId, path: itemImages.path })
    .from(itemImages)
    .where(
      inArray(
        itemImages.itemId,
        rows.map((row) => row.item.id),
      ),
    )
    .orderBy(asc(itemImages.position));
  return rows.map((row) => ({
    ...row,
    images: images.filter((image) => image.itemId === row.item.id).map((image) => image.path),
  }));
}

export async function findCartQuantity(tx: DbOrTx, userId: string, itemId: string): Promise<number> {
  const [line] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, itemId)));
  return line?.quantity ?? 0;
}

/** Sets the line's quantity, creating the line when the item is not in the cart yet. */
export async function setCartQuantity(tx: DbOrTx, userId: string, itemId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .insert(cartItems)
    .values({ userId, itemId, quantity, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.itemId],
      set: { quantity: sql`excluded.quantity`, updatedAt: now },
    });
}

/** Sets the quantity of the customer's existing line for the item (no line: nothing changes). */
export async function updateCartQuantity(tx: DbOrTx, userId: string, itemId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(cartItems)
    .set({ quantity, updatedAt: now })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, itemId)));
}

/** Removes the customer's own line for the item; false when there was none. */
export async function deleteCartLine(db: DbOrTx, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.itemId, itemId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** The statement that deletes these items' lines from one customer's cart (unexecuted: a caller may batch it). */
export function cartLinesDeletion(tx: DbOrTx, userId: string, itemIds: string[]): SQLWrapper {
  return tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.itemId, itemIds)));
}
