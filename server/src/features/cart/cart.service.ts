import { fromHundredths, MAX_CART_QUANTITY, type AddToCartInput, type Cart } from '@app/common';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findItemForSale } from '../items/items.service';
import { lockLiveUser } from '../ledger/ledger.service';
import { findCartQuantity, listCartLines, setCartQuantity, type CartLineRow } from './cart.repository';

function toCartLine(row: CartLineRow): Cart['items'][number] {
  return {
    _id: row.id,
    itemId: {
      _id: row.item.id,
      name: row.item.name,
      pointsRequired: fromHundredths(row.item.pointsRequired),
      discount: fromHundredths(row.item.discount),
      images: row.images,
      stock: row.item.stock,
    },
    quantity: row.quantity,
  };
}

/** GET /api/user/cart: the customer's own lines; items deleted since they were added are not shown. */
export async function readCart(db: Db, userId: string): Promise<Cart> {
  return { items: (await listCartLines(db, userId)).map(toCartLine) };
}

/**
 * POST /api/user/cart/add: adds `quantity` to the item's line (contract "Cart": one line per item, 1–5, never
 * above stock). The customer's row is locked first, so two adds of one customer queue up instead of both
 * reading the old quantity; answers the whole cart.
 */
export async function addToCart(db: Db, userId: string, input: Required<AddToCartInput>, now: Date): Promise<Cart> {
  await db.transaction(async (tx) => {
    await lockLiveUser(tx, userId);
    const item = await findItemForSale(tx, input.itemId);
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    const quantity = (await findCartQuantity(tx, userId, item.id)) + input.quantity;
    if (item.stock <= 0) throw new AppError('OUT_OF_STOCK', `"${item.name}" is out of stock`);
    if (quantity > MAX_CART_QUANTITY) {
      throw new AppError('CONFLICT', `You can have at most ${MAX_CART_QUANTITY} of "${item.name}" in your cart`);
    }
    if (quantity > item.stock) throw new AppError('OUT_OF_STOCK', `Only ${item.stock} of "${item.name}" left in stock`);
    await setCartQuantity(tx, userId, item.id, quantity, now);
  });
  return readCart(db, userId);
}
