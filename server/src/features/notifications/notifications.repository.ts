import type { NotificationType } from '@app/common';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { notifications, users } from '../../db/schema';

export type StoredParams = Record<string, string | number | null>;
export type NewNotification = { userId: string; type: NotificationType; params: StoredParams };
export type InsertedNotification = NewNotification & { id: string };

/**
 * Writes notifications in one statement: one row per listed user, and, with `staff`, one row for every live
 * admin and superadmin (not deleted, not blocked: a blocked account is told nothing until it is unblocked)
 * chosen by the same INSERT…SELECT, so a checkout's fan-out costs one round trip however many staff there are.
 */
export async function insertNotifications(
  db: DbOrTx,
  rows: NewNotification[],
  staff?: { type: NotificationType; params: StoredParams },
): Promise<InsertedNotification[]> {
  // The listed rows get their ids here, so the answer maps back to their params without a search.
  const listed = new Map<string, NewNotification>(rows.map((row) => [randomUUID(), row]));
  const parts = [];
  if (listed.size > 0) {
    const values = JSON.stringify(
      [...listed].map(([id, row]) => ({ id, user_id: row.userId, type: row.type, params: row.params })),
    );
    parts.push(sql`select row.id, row.user_id, row.type, row.params
      from json_to_recordset(${values}::json) as row(id uuid, user_id uuid, type text, params jsonb)`);
  }
  if (staff) {
    parts.push(sql`select gen_random_uuid(), ${users.id}, ${staff.type}::text, ${JSON.stringify(staff.params)}::jsonb
      from ${users}
      where ${users.userType} in ('admin', 'superadmin') and ${users.deletedAt} is null and not ${users.blocked}`);
  }
  if (parts.length === 0) return [];
  const result = await db.execute(sql`
    insert into ${notifications} (id, user_id, type, params)
    ${sql.join(parts, sql` union all `)}
    returning id, user_id, type`);
  return rowsOf<{ id: string; user_id: string; type: NotificationType }>(result).map((row) => ({
    id: row.id,
    userId: row.user_id,
    type: row.type,
    // A row not listed is a staff row, written with the staff event's params.
    params: listed.get(row.id)?.params ?? staff!.params,
  }));
}

/** The rows an INSERT of notifications answers (PostgreSQL's names; params as the driver parsed them). */
export type ReturnedNotification = { id: string; user_id: string; type: NotificationType; params: StoredParams };

/** Params some of whose values are SQL expressions, computed by the statement that writes them. */
export type ParamsInSql = Record<string, string | number | SQL>;

function jsonbOf(params: ParamsInSql): SQL {
  const pairs = Object.entries(params).map(([name, value]) => {
    const expression =
      typeof value === 'number' ? sql`${value}::numeric` : typeof value === 'string' ? sql`${value}::text` : value;
    return sql`${name}::text, ${expression}`;
  });
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * insertNotifications for one user and the staff, as a statement for a caller that runs it inside its own
 * (checkout: the order's alias comes from its number, known only inside that statement). It returns the rows
 * it wrote, params included.
 */
export function userAndStaffInsert(
  user: { userId: string; type: NotificationType; params: ParamsInSql },
  staff: { type: NotificationType; params: ParamsInSql },
): SQL {
  return sql`insert into ${notifications} (user_id, type, params)
    select ${user.userId}::uuid, ${user.type}::text, ${jsonbOf(user.params)}
    union all
    select ${users.id}, ${staff.type}::text, ${jsonbOf(staff.params)}
      from ${users}
      where ${users.userType} in ('admin', 'superadmin') and ${users.deletedAt} is null and not ${users.blocked}
    returning id, user_id, type, params`;
}

/** One page of a user's inbox, newest first (the index notifications_user_seq_idx reads it in order). */
export function listNotifications(db: DbOrTx, userId: string, window: { limit: number; offset: number }) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.seq))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many notifications the user has, and how many of them are unread. */
export async function countNotifications(db: DbOrTx, userId: string): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** The user's unread count alone (the partial index notifications_unread_idx answers it). */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Marks the user's own unread notifications read: those of `ids` (ids of anyone else's match nothing), or all.
 * A notification already read keeps the moment it was first read.
 */
export async function markNotificationsRead(db: DbOrTx, userId: string, which: { ids: string[] } | 'all'): Promise<void> {
  if (which !== 'all' && which.ids.length === 0) return;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        which === 'all' ? undefined : inArray(notifications.id, which.ids),
      ),
    );
}
