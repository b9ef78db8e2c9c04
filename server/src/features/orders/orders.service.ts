import {
  fromHundredths,
  MAX_CART_QUANTITY,
  type ChangeOrderStatusInput,
  type CheckoutInput,
  type CheckoutResponse,
  type ListOrdersQuery,
  type Order,
  type OrderStatus,
} from '@app/common';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { readList, type ListAnswer } from '../../lib/pagination';
import { findAddressForOrder } from '../addresses/addresses.service';
import { recordAudit } from '../audit/audit.service';
import { cartLinesDeletion } from '../cart/cart.service';
import { changeStock, lockItemsForOrder, stocksAddition } from '../items/items.service';
import { balanceChangeStatements, changeBalances, lockLiveUser, lockUser } from '../ledger/ledger.service';
import { handOverNotifications, notifyUser, userAndStaffNotices } from '../notifications/notifications.service';
import type { Delivery } from '../outbox/outbox.service';
import {
  findOrderWithCustomer,
  historyOf,
  insertPlacedOrder,
  insertStatusChange,
  linesOf,
  listOrders,
  lockOrder,
  setOrderStatus,
  type AddressSnapshot,
  type OrderListFilter,
  type OrderRow,
  type PlacedOrderLine,
} from './orders.repository';

type OrderWithCustomer = NonNullable<Awaited<ReturnType<typeof findOrderWithCustomer>>>;

/** Contract "Orders": short and human-readable, from the order's unique sequence number. */
export function orderAlias(orderNumber: number): string {
  return `ORD-${String(orderNumber).padStart(6, '0')}`;
}

type OrderParts = {
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'createdAt' | 'status' | 'totalPoints' | 'addressSnapshot'>;
  customer: OrderWithCustomer['customer'];
  lines: PlacedOrderLine[];
  history: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    changedAt: Date;
    by: { id: string; username: string } | null;
  }[];
};

/** One order in the API shape (contract "Orders"), from its row, customer, lines and history. */
function toOrder({ order, customer, lines, history }: OrderParts): Order {
  return {
    _id: order.id,
    orderIdAlias: orderAlias(order.orderNumber),
    orderDate: order.createdAt.toISOString(),
    status: order.status,
    userId: { _id: customer.id, username: customer.username, partyName: customer.partyName, tier: customer.tier },
    items: lines.map((line) => ({
      _id: line.id,
      itemId: {
        _id: line.itemId,
        name: line.itemName,
        pointsRequired: fromHundredths(line.pointsRequired),
        discount: fromHundredths(line.discount),
        images: line.image ? [line.image] : [],
      },
      quantity: line.quantity,
      pointsEach: fromHundredths(line.pointsEach),
    })),
    address: (order.addressSnapshot as AddressSnapshot | null) ?? null,
    totalValue: fromHundredths(order.totalPoints),
    history: history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      at: change.changedAt.toISOString(),
      by: change.by ? { _id: change.by.id, username: change.by.username } : null,
    })),
  };
}

/** Orders in the API shape, with their lines and history read in two queries for the whole list. */
async function toOrders(db: DbOrTx, rows: OrderWithCustomer[]): Promise<Order[]> {
  const ids = rows.map((row) => row.order.id);
  const [lines, history] = await Promise.all([linesOf(db, ids), historyOf(db, ids)]);
  return rows.map(({ order, customer }) =>
    toOrder({
      order,
      customer,
      lines: lines.filter((line) => line.orderId === order.id),
      history: history.filter(({ change }) => change.orderId === order.id).map(({ change, by }) => ({ ...change, by })),
    }),
  );
}

async function readOrder(db: DbOrTx, orderId: string): Promise<Order> {
  const row = await findOrderWithCustomer(db, orderId);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return (await toOrders(db, [row]))[0]!;
}

/** Code-point order, as PostgreSQL's "C" collation sorts (linesOf). */
function compare(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}

export type CheckoutContext = { db: Db; delivery: Delivery; userId: string; now: Date };

/**
 * POST /api/user/cart/checkout (contract "Checkout"), one transaction: the customer's row is locked first, then
 * the items in id order (every checkout and cancellation takes its locks in this order, so none waits on
 * another in a cycle); the server prices each line from the locked rows ((pointsRequired − discount) ×
 * quantity), checks the address is the customer's, each quantity 1–5 and in stock and the balance covers the
 * total, then takes the points (ledger `order_placed`), lowers the stock, writes the order with the address and
 * the lines' names and prices as they are now, and removes the ordered items from the cart. Any refusal throws,
 * so nothing of it stays.
 */
export async function checkout(context: CheckoutContext, input: CheckoutInput): Promise<CheckoutResponse> {
  const { db, userId, now } = context;
  return inTransaction(db, async (tx) => {
    const customer = await lockLiveUser(tx, userId);
    if (!customer) throw new AppError('UNAUTHENTICATED', 'Authentication required');

    const address = await findAddressForOrder(tx, input.addressId);
    if (!address) throw new AppError('NOT_FOUND', 'Address not found');
    if (address.userId !== userId) throw new AppError('FORBIDDEN', 'This address belongs to another customer');

    const locked = await lockItemsForOrder(
      tx,
      input.items.map((line) => line.itemId),
    );
    const byId = new Map(locked.map((row) => [row.item.id, row]));
    const priced = input.items.map((line) => {
      const found = byId.get(line.itemId);
      if (!found || found.item.deletedAt) throw new AppError('NOT_FOUND', 'Item not found');
      const { item, image } = found;
      // The schema already bounds the quantity; this guards the rule where the money moves.
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_CART_QUANTITY) {
        throw new AppError('VALIDATION_FAILED', `Quantity must be 1 to ${MAX_CART_QUANTITY}`);
      }
      if (item.stock < line.quantity) {
        throw new AppError(
          'OUT_OF_STOCK',
          item.stock === 0 ? `"${item.name}" is out of stock` : `Only ${item.stock} of "${item.name}" left in stock`,
        );
      }
      const pointsEach = item.pointsRequired - item.discount;
      return { item, image, quantity: line.quantity, pointsEach, points: pointsEach * line.quantity };
    });
    const total = priced.reduce((sum, line) => sum + line.points, 0);
    if (customer.availablePoints < total) {
      throw new AppError(
        'INSUFFICIENT_POINTS',
        `Insufficient points: the order needs ${fromHundredths(total)} and you have ${fromHundredths(customer.availablePoints)}`,
      );
    }

    const snapshot: AddressSnapshot = {
      addressLine1: address.addressLine1,
      ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
      city: address.city,
      state: address.state,
      country: address.country,
      pinCode: address.pinCode,
    };
    // Lines as the order will list them (by name, as linesOf reads them back).
    const lines: PlacedOrderLine[] = priced
      .map((line) => ({
        id: randomUUID(),
        itemId: line.item.id,
        itemName: line.item.name,
        pointsRequired: line.item.pointsRequired,
        discount: line.item.discount,
        pointsEach: line.pointsEach,
        quantity: line.quantity,
        image: line.image,
      }))
      .sort((first, second) =>
        first.itemName === second.itemName ? compare(first.id, second.id) : compare(first.itemName, second.itemName),
      );
    const orderId = randomUUID();
    const { orderNumber, told } = await insertPlacedOrder(tx, {
      id: orderId,
      userId,
      totalPoints: total,
      addressId: address.id,
      addressSnapshot: snapshot,
      lines,
      now,
      alongside: [
        stocksAddition(
          priced.map((line) => ({ itemId: line.item.id, delta: -line.quantity })),
          now,
        ),
        cartLinesDeletion(
          tx,
          userId,
          priced.map((line) => line.item.id),
        ),
        ...balanceChangeStatements(tx, {
          userId,
          type: 'order_placed',
          availableDelta: -total,
          totalDelta: 0,
          actorId: userId,
          orderId,
          availableBefore: customer.availablePoints,
        }),
      ],
      // The customer's notification and every staff member's ride in the same statement.
      told: (alias) =>
        userAndStaffNotices(
          { userId, type: 'order_placed', params: { orderIdAlias: alias, points: fromHundredths(total) } },
          { type: 'new_order', params: { orderIdAlias: alias, points: fromHundredths(total), partyName: customer.partyName } },
        ),
    });
    await handOverNotifications(tx, context.delivery, told);
    // The answer is built from what was just written: reading it back would cost three more round trips.
    const order = toOrder({
      order: { id: orderId, orderNumber, createdAt: now, status: 'Pending', totalPoints: total, addressSnapshot: snapshot },
      customer,
      lines,
      history: [{ fromStatus: null, toStatus: 'Pending', changedAt: now, by: { id: customer.id, username: customer.username } }],
    });
    // The customer's row is locked: the balance now is the one read minus the total.
    return { order, availablePoints: fromHundredths(customer.availablePoints - total) };
  });
}

/** GET /api/user/orders (own, newest first) and GET /api/admin/orders (q, status, page, limit). */
export function readOrders(
  db: Db,
  query: ListOrdersQuery,
  filter: Pick<OrderListFilter, 'userId'> = {},
): Promise<ListAnswer<Order>> {
  return readListOfOrders(db, query, { ...filter, status: query.status, q: query.q });
}

async function readListOfOrders(db: Db, query: ListOrdersQuery, filter: OrderListFilter): Promise<ListAnswer<Order>> {
  // readList maps row by row; the lines and history of a whole window are read at once, so map afterwards.
  const list = await readList(
    query,
    (window) => listOrders(db, filter, window),
    (row) => row,
  );
  const rows = list.kind === 'page' ? list.page.items : list.items;
  const mapped = await toOrders(db, rows);
  return list.kind === 'page' ? { kind: 'page', page: { ...list.page, items: mapped } } : { ...list, items: mapped };
}

/**
 * PATCH /api/admin/{orderId}/status (staff): Pending ⇄ Completed freely; any move to Cancelled gives the points
 * back (ledger `order_cancelled`) and the stock, once: the order's row is locked first, so a second cancellation
 * at the same moment waits and then finds the order cancelled (409, like any change of a cancelled order).
 * Locks follow checkout's order after the order: customer, then items by id.
 */
export async function changeOrderStatus(
  context: { db: Db; delivery: Delivery; actorId: string; now: Date },
  orderId: string,
  input: ChangeOrderStatusInput,
): Promise<Order> {
  const { db, delivery, actorId, now } = context;
  return inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status === 'Cancelled') throw new AppError('ORDER_CANCELLED', 'A cancelled order cannot be changed');
    if (order.status === input.status) return readOrder(tx, orderId);
    if (input.status === 'Cancelled') await giveBack(tx, order, actorId, now);
    await setOrderStatus(tx, orderId, input.status, now);
    await insertStatusChange(tx, { orderId, fromStatus: order.status, toStatus: input.status, changedBy: actorId, now });
    if (input.status !== 'Pending') {
      await notifyUser(tx, delivery, order.userId, input.status === 'Completed' ? 'order_completed' : 'order_cancelled', {
        orderIdAlias: orderAlias(order.orderNumber),
        points: fromHundredths(order.totalPoints),
      });
    }
    await recordAudit(tx, {
      actorId,
      action: 'order.status',
      entity: 'order',
      entityId: orderId,
      before: { orderIdAlias: orderAlias(order.orderNumber), status: order.status },
      after: { orderIdAlias: orderAlias(order.orderNumber), status: input.status },
    });
    return readOrder(tx, orderId);
  });
}

/** A cancellation's refund: the points to the customer (even one deleted since) and each line's stock. */
async function giveBack(tx: DbOrTx, order: OrderRow, actorId: string, now: Date): Promise<void> {
  const customer = await lockUser(tx, order.userId);
  if (!customer) throw new Error(`order ${order.id} has no customer ${order.userId}`);
  const lines = await linesOf(tx, [order.id]);
  await lockItemsForOrder(
    tx,
    lines.map((line) => line.itemId),
  );
  await changeStock(
    tx,
    lines.map((line) => ({ itemId: line.itemId, delta: line.quantity })),
    now,
  );
  await changeBalances(tx, {
    userId: order.userId,
    type: 'order_cancelled',
    availableDelta: order.totalPoints,
    totalDelta: 0,
    actorId,
    orderId: order.id,
    availableBefore: customer.availablePoints,
  });
}

// Exports (issue 17) read the list the orders board shows, in batches.
export { snapshotOrders } from './orders.repository';
