import type { OrderStatus } from '@app/common';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, orderStatusChanges, users } from '../../db/schema';
import { likePattern } from '../../lib/pagination';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderStatusChangeRow = typeof orderStatusChanges.$inferSelect;
export type AddressSnapshot = {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
};

export async function insertOrder(
  tx: DbOrTx,
  values: { userId: string; totalPoints: number; addressId: string; addressSnapshot: AddressSnapshot; now: Date },
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      userId: values.userId,
      totalPoints: values.totalPoints,
      addressId: values.addressId,
      addressSnapshot: values.addressSnapshot,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

export async function insertOrderLines(tx: DbOrTx, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await tx.insert(orderLines).values(lines);
}

export async function insertStatusChange(
  tx: DbOrTx,
  change: { orderId: string; fromStatus: OrderStatus | null; toStatus: OrderStatus; changedBy: string | null; now: Date },
): Promise<void> {
  await tx.insert(orderStatusChanges).values({
    orderId: change.orderId,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    changedBy: change.changedBy,
    changedAt: change.now,
  });
}

/** The order's row, locked: status changes of one order happen one at a time (a second cancel waits, then sees it). */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function setOrderStatus(tx: DbOrTx, orderId: string, status: OrderStatus, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(status === 'Cancelled' ? { cancelledAt: now } : {}) })
    .where(eq(orders.id, orderId));
}

export async function linesOf(tx: DbOrTx, orderIds: string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.itemName), asc(orderLines.id));
}

const changers = alias(users, 'changers');

export async function historyOf(tx: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return tx
    .select({ change: orderStatusChanges, by: { id: changers.id, username: changers.username } })
    .from(orderStatusChanges)
    .leftJoin(changers, eq(changers.id, orderStatusChanges.changedBy))
    .where(inArray(orderStatusChanges.orderId, orderIds))
    .orderBy(asc(orderStatusChanges.seq));
}

export type OrderListFilter = { userId?: string; status?: OrderStatus; q?: string };

/** "ORD-000123", "000123" or "123" find order 123; any other text is a part of a username. */
function searchCondition(q: string): SQL | undefined {
  const digits = /^(?:ORD-?)?0*(\d{1,15})$/i.exec(q.trim());
  const byUsername = ilike(users.username, likePattern(q.trim()));
  return digits ? or(eq(orders.orderNumber, Number(digits[1])), byUsername) : byUsername;
}

/** Orders with their customers, newest first, in a window; and how many match. */
export async function listOrders(tx: DbOrTx, filter: OrderListFilter, window: { limit: number; offset: number }) {
  const conditions = [
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    tx
      .select({
        order: orders,
        customer: { id: users.id, username: users.username, partyName: users.partyName, tier: users.tier },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(window.limit)
      .offset(window.offset),
    tx.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findOrderWithCustomer(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, customer: { id: users.id, username: users.username, partyName: users.partyName, tier: users.tier } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}
