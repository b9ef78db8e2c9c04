import { fromHundredths, MAX_CART_QUANTITY, type AddToCartInput, type Cart, type UpdateCartInput } from '@app/common';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { findItemForSale } from '../items/items.service';
import { lockLiveUser } from '../ledger/ledger.service';
import {
  deleteCartLine,
  cartLinesDeletion,
  findCartQuantity,
  listCartLines,
  setCartQuantity,
  updateCartQuantity,
  type CartLineRow,
} from './cart.repository';

const NOT_IN_CART = 'This item is not in your cart';

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
  await inTransaction(db, async (tx) => {
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

/**
 * POST /api/user/cart/update: sets the quantity of a line the customer already has (spec §5: the cart's -/+;
 * contract "Cart": 1–5, never above stock). Locks the customer like addToCart, so an update and an add of
 * the same line queue up; answers the whole cart.
 */
export async function updateCart(db: Db, userId: string, input: UpdateCartInput, now: Date): Promise<Cart> {
  await inTransaction(db, async (tx) => {
    await lockLiveUser(tx, userId);
    const item = await findItemForSale(tx, input.itemId);
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    if ((await findCartQuantity(tx, userId, item.id)) === 0) throw new AppError('NOT_FOUND', NOT_IN_CART);
    if (item.stock <= 0) throw new AppError('OUT_OF_STOCK', `"${item.name}" is out of stock`);
    if (input.quantity > item.stock) {
      throw new AppError('OUT_OF_STOCK', `Only ${item.stock} of "${item.name}" left in stock`);
    }
    await updateCartQuantity(tx, userId, item.id, input.quantity, now);
  });
  return readCart(db, userId);
}

/**
 * DELETE /api/user/cart/remove/{itemId}: removes the customer's own line for the item (also the line of an
 * item deleted since, which the cart no longer shows); answers the whole cart.
 */
export async function removeFromCart(db: Db, userId: string, itemId: string): Promise<Cart> {
  if (!(await deleteCartLine(db, userId, itemId))) throw new AppError('NOT_FOUND', NOT_IN_CART);
  return readCart(db, userId);
}

/**
 * Checkout (orders feature): the statement that takes the ordered items out of the customer's cart, for the
 * checkout to run in its own statement (one round trip for the whole order).
 */
export { cartLinesDeletion };
