import type { OrderStatus } from '@app/common';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { named, snapshotRows } from '../../db/snapshot-rows';
import { rowsOf } from '../../db/raw-rows';
import { orderLines, orders, orderStatusChanges, users } from '../../db/schema';
import { likePattern } from '../../lib/pagination';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type AddressSnapshot = {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
};

export type PlacedOrderLine = Pick<
  OrderLineRow,
  'id' | 'itemId' | 'itemName' | 'pointsRequired' | 'discount' | 'pointsEach' | 'quantity' | 'image'
>;

/** orderAlias (orders.service) in SQL, for the order being placed: ORD- and its number, 6 digits at least. */
const aliasSql = sql`(select 'ORD-' || lpad(order_number::text, greatest(6, length(order_number::text)), '0') from placed)`;

/**
 * A new order, its lines, its first history entry (null → Pending) and the writes `alongside` in one statement: checkout is the
 * hottest write, and each round trip costs both processes CPU (issue 11's benchmark). The ids are made here so
 * nothing has to be read back but the order's number. Foreign keys are checked at the end of the statement,
 * when the order row exists.
 */
export async function insertPlacedOrder(
  tx: DbOrTx,
  values: {
    id: string;
    userId: string;
    totalPoints: number;
    addressId: string;
    addressSnapshot: AddressSnapshot;
    lines: PlacedOrderLine[];
    now: Date;
    /** Other writes of the same checkout (the stock, the cart), from their own features, run in this statement. */
    alongside: SQLWrapper[];
    /**
     * The order's notifications, given the order's alias as an SQL expression (its number is known only here);
     * the rows they return come back as `told`.
     */
    told: (orderAlias: SQL) => SQLWrapper;
  },
): Promise<{ orderNumber: number; told: unknown[] }> {
  const lines = JSON.stringify(
    values.lines.map((line) => ({
      id: line.id,
      item_id: line.itemId,
      item_name: line.itemName,
      points_required: line.pointsRequired,
      discount: line.discount,
      points_each: line.pointsEach,
      quantity: line.quantity,
      image: line.image,
    })),
  );
  const now = values.now.toISOString();
  const result = await tx.execute(sql`
    with placed as (
      insert into ${orders} (id, user_id, total_points, address_id, address_snapshot, created_at, updated_at)
      values (${values.id}, ${values.userId}, ${values.totalPoints}, ${values.addressId},
              ${JSON.stringify(values.addressSnapshot)}::jsonb, ${now}, ${now})
      returning order_number
    ), placed_lines as (
      insert into ${orderLines} (id, order_id, item_id, item_name, points_required, discount, points_each, quantity, image)
      select line.id, ${values.id}, line.item_id, line.item_name, line.points_required, line.discount, line.points_each,
             line.quantity, line.image
      from json_to_recordset(${lines}::json) as line(id uuid, item_id uuid, item_name text, points_required bigint,
           discount bigint, points_each bigint, quantity integer, image text)
    ), first_status as (
      insert into ${orderStatusChanges} (order_id, from_status, to_status, changed_by, changed_at)
      values (${values.id}, null, 'Pending', ${values.userId}, ${now})
    )${sql.join(values.alongside.map((statement, index) => sql`, ${sql.identifier(`alongside_${index}`)} as (${statement.getSQL()})`))},
    told as (${values.told(aliasSql).getSQL()})
    select order_number, (select coalesce(json_agg(told), '[]'::json) from told) as told from placed`);
  const [placed] = rowsOf<{ order_number: string | number; told: unknown[] | string }>(result);
  // Both drivers parse json; text is read as well, in case one hands it over unparsed.
  const told = typeof placed!.told === 'string' ? (JSON.parse(placed!.told) as unknown[]) : placed!.told;
  return { orderNumber: Number(placed!.order_number), told };
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
  return (
    tx
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      // By name in code-point order ("C"), the order checkout lists them in before they are written.
      .orderBy(sql`${orderLines.itemName} collate "C"`, asc(orderLines.id))
  );
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

/**
 * The orders list (same filter and order as listOrders) as it stands when reading begins, in slices, each order
 * with its lines in one text ("Name × 2; …") and its delivery city and PIN (exports, db/snapshot-rows.ts).
 */
export function snapshotOrders(db: Db, filter: OrderListFilter) {
  const conditions = [
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  ];
  const fields = named({
    orderNumber: orders.orderNumber,
    status: orders.status,
    totalPoints: orders.totalPoints,
    createdAt: orders.createdAt,
    city: sql<string | null>`${orders.addressSnapshot}->>'city'`,
    pinCode: sql<string | null>`${orders.addressSnapshot}->>'pinCode'`,
    lines: sql<
      string | null
    >`(select string_agg(${orderLines.itemName} || ' × ' || ${orderLines.quantity}, '; ' order by ${orderLines.itemName} collate "C", ${orderLines.id}) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    username: users.username,
    partyName: users.partyName,
  });
  const query = db
    .select(fields)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return snapshotRows(db, query, fields);
}

export async function findOrderWithCustomer(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, customer: { id: users.id, username: users.username, partyName: users.partyName, tier: users.tier } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}
