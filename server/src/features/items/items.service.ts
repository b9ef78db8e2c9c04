import { toHundredths, type DeleteItemResponse, type Item, type ItemForm } from '@app/common';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { sanitizeDescription } from '../../lib/safe-html';
import { prepareImage, type PreparedImage } from '../../lib/uploads';
import { recordAudit } from '../audit/audit.service';
import { storePicture } from '../pictures/pictures.service';
import { toItemResponse } from './items.mapper';
import {
  stocksAddition,
  deleteCartLinesOfItem,
  findLiveItemWithImages,
  imagePathsOf,
  insertItem,
  listLiveItemsWithImages,
  lockItemsInIdOrder,
  lockLiveItem,
  replaceItemImage,
  updateItemRow,
  type ItemRow,
} from './items.repository';

/** What an item write needs besides its input: the caller and the moment. */
export type ItemWriteContext = { db: Db; actorId: string; now: Date };

const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found');

/** GET /api/item: every item that is not deleted; the shop itself shows those with stock above 0. */
export async function listItems(db: Db): Promise<Item[]> {
  return (await listLiveItemsWithImages(db)).map(({ item, images }) => toItemResponse(item, images));
}

/** GET /api/item/itm/{id}: one item that is not deleted (a deleted one is hidden everywhere new: 404). */
export async function getItem(db: Db, id: string): Promise<Item> {
  const found = await findLiveItemWithImages(db, id);
  if (!found) throw itemNotFound();
  return toItemResponse(found.item, found.images);
}

/** An item that can still be put in a cart or bought (not deleted), read inside the caller's transaction. */
export async function findItemForSale(tx: DbOrTx, id: string): Promise<ItemRow | undefined> {
  return (await findLiveItemWithImages(tx, id))?.item;
}

/** The items of an order, locked in id order (checkout and cancellation); each with its first picture. */
export async function lockItemsForOrder(tx: DbOrTx, ids: string[]): Promise<{ item: ItemRow; image: string | null }[]> {
  return lockItemsInIdOrder(tx, [...new Set(ids)].sort());
}

/**
 * The statement for stock taken by an order (negative deltas) or given back by its cancellation (positive),
 * inside the caller's locks; checkout runs it within its own statement. The shop's catalogue may show the old
 * figure for up to a second (CATALOGUE_CACHE_MS); checkout reads the rows.
 */
export { stocksAddition };

/** Runs stocksAddition on its own (a cancellation). */
export async function changeStock(tx: DbOrTx, deltas: { itemId: string; delta: number }[], now: Date): Promise<void> {
  if (deltas.length > 0) await tx.execute(stocksAddition(deltas, now));
}

function storedValues(form: ItemForm) {
  return {
    name: form.name,
    description: sanitizeDescription(form.description),
    pointsRequired: toHundredths(form.pointsRequired),
    discount: toHundredths(form.discount),
    stock: form.stock,
  };
}

const auditView = (item: ItemRow, images: string[]) => ({ ...toItemResponse(item, images), createdAt: undefined });

/**
 * Prepares the uploaded picture (sharp's work stays outside the transaction), then runs `write` in one
 * transaction that also stores the picture's sizes: when the write fails, nothing of the picture remains.
 */
async function withPreparedImage<T>(
  context: ItemWriteContext,
  upload: Buffer | undefined,
  write: (tx: DbOrTx, image: PreparedImage | undefined) => Promise<T>,
): Promise<T> {
  const image = upload ? await prepareImage(upload) : undefined;
  return inTransaction(context.db, async (tx) => {
    if (image) await storePicture(tx, image);
    return write(tx, image);
  });
}

/** POST /api/item (staff): the item with its sanitised description and, when sent, its picture. */
export function createItem(context: ItemWriteContext, form: ItemForm, upload: Buffer | undefined): Promise<Item> {
  return withPreparedImage(context, upload, async (tx, image) => {
    const item = await insertItem(tx, { ...storedValues(form), createdAt: context.now, updatedAt: context.now });
    if (image) await replaceItemImage(tx, item.id, image.path);
    const images = image ? [image.path] : [];
    await recordAudit(tx, {
      actorId: context.actorId,
      action: 'item.create',
      entity: 'item',
      entityId: item.id,
      after: auditView(item, images),
    });
    return toItemResponse(item, images);
  });
}

/**
 * PUT /api/item/{id} (staff): every field again; a new picture replaces the old one, whose files stay stored
 * under their own names: a page, cart or order that still shows the old path keeps showing it.
 */
export function updateItem(context: ItemWriteContext, id: string, form: ItemForm, upload: Buffer | undefined): Promise<Item> {
  return withPreparedImage(context, upload, async (tx, image) => {
    const before = await lockLiveItem(tx, id);
    if (!before) throw itemNotFound();
    const imagesBefore = await imagePathsOf(tx, id);
    const item = await updateItemRow(tx, id, { ...storedValues(form), updatedAt: context.now });
    if (image) await replaceItemImage(tx, id, image.path);
    const images = image ? [image.path] : imagesBefore;
    await recordAudit(tx, {
      actorId: context.actorId,
      action: 'item.update',
      entity: 'item',
      entityId: id,
      before: auditView(before, imagesBefore),
      after: auditView(item, images),
    });
    return toItemResponse(item, images);
  });
}

/**
 * DELETE /api/item/{id} (staff): the item is hidden everywhere new (catalogue, product page, carts: its cart
 * lines go); the row stays, so orders that hold it keep showing its name.
 */
export async function deleteItem(context: ItemWriteContext, id: string): Promise<DeleteItemResponse> {
  return inTransaction(context.db, async (tx) => {
    const item = await lockLiveItem(tx, id);
    if (!item) throw itemNotFound();
    const images = await imagePathsOf(tx, id);
    await updateItemRow(tx, id, { deletedAt: context.now, updatedAt: context.now });
    const cartLinesRemoved = await deleteCartLinesOfItem(tx, id);
    await recordAudit(tx, {
      actorId: context.actorId,
      action: 'item.delete',
      entity: 'item',
      entityId: id,
      before: { ...auditView(item, images), cartLinesRemoved },
    });
    return { message: 'Item deleted', _id: id };
  });
}
