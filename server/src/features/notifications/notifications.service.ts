import type {
  Language,
  ListNotificationsQuery,
  MarkNotificationsReadInput,
  MarkNotificationsReadResponse,
  NotificationItem,
  NotificationParams,
  NotificationsPage,
  NotificationType,
} from '@app/common';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { offsetOf } from '../../lib/pagination';
import { enqueueDeliveries, type Delivery } from '../outbox/outbox.service';
import {
  countNotifications,
  countUnread,
  insertNotifications,
  listNotifications,
  markNotificationsRead,
  userAndStaffInsert,
  type ParamsInSql,
  type ReturnedNotification,
  type StoredParams,
} from './notifications.repository';
import { renderNotification, renderSignInCode } from './notifications.render';

export { renderNotification, renderSignInCode };

// Contract "language and notifications": every event a user is told of is a row in their inbox, written by the
// service that makes the change, inside its transaction, so a change that rolls back leaves no notification
// and a committed one always has its own. Each row is handed to the outbox in the same transaction for mail
// and webhook delivery after the commit.

/** One notification for one user: its type and the values the type keeps. */
export type UserNotice = {
  [T in NotificationType]: { userId: string; type: T; params: NotificationParams[T] };
}[NotificationType];

/** A notification for every live admin and superadmin. */
export type StaffNotice = {
  [T in NotificationType]: { type: T; params: NotificationParams[T] };
}[NotificationType];

/** Hands each written notification to the outbox, in the same transaction. */
async function handOver(
  tx: DbOrTx,
  delivery: Delivery,
  inserted: { id: string; userId: string; type: NotificationType; params: StoredParams }[],
) {
  for (const notification of inserted) {
    await enqueueDeliveries(tx, delivery, {
      notificationId: notification.id,
      userId: notification.userId,
      type: notification.type,
      params: notification.params,
    });
  }
}

async function write(tx: DbOrTx, delivery: Delivery, notices: UserNotice[], staff?: StaffNotice): Promise<void> {
  await handOver(tx, delivery, await insertNotifications(tx, notices, staff));
}

/** Tells one user of an event, inside the caller's transaction; mailed and POSTed as `delivery` says. */
export function notifyUser<T extends NotificationType>(
  tx: DbOrTx,
  delivery: Delivery,
  userId: string,
  type: T,
  params: NotificationParams[T],
): Promise<void> {
  return write(tx, delivery, [{ userId, type, params } as UserNotice]);
}

/** Tells many users at once (the quarterly tier review), in one statement. */
export function notifyUsers(tx: DbOrTx, delivery: Delivery, notices: UserNotice[]): Promise<void> {
  return notices.length === 0 ? Promise.resolve() : write(tx, delivery, notices);
}

/**
 * A user's notification and every staff member's of the same event, as one INSERT…SELECT that checkout runs
 * inside its own statement (one round trip for the whole order: issue 11's benchmark counts them); values given
 * as SQL are computed there. That statement answers the rows written: pass them to handOverNotifications.
 */
export function userAndStaffNotices<User extends NotificationType, Staff extends NotificationType>(
  user: {
    userId: string;
    type: User;
    params: { [Name in keyof NotificationParams[User]]: NotificationParams[User][Name] | SQL };
  },
  staff: { type: Staff; params: { [Name in keyof NotificationParams[Staff]]: NotificationParams[Staff][Name] | SQL } },
): SQL {
  return userAndStaffInsert(
    user as { userId: string; type: User; params: ParamsInSql },
    staff as { type: Staff; params: ParamsInSql },
  );
}

/** Gives the rows userAndStaffNotices wrote (as the caller's statement returned them) to the outbox. */
export function handOverNotifications(tx: DbOrTx, delivery: Delivery, returned: unknown[]): Promise<void> {
  return handOver(
    tx,
    delivery,
    (returned as ReturnedNotification[]).map((row) => ({ id: row.id, userId: row.user_id, type: row.type, params: row.params })),
  );
}

/**
 * GET /api/user/notifications: the caller's own inbox, newest first, one page (page 1 of 20 when not asked),
 * each title and body written now in the caller's current language; `unread` counts the whole inbox.
 */
export async function readInbox(
  db: Db,
  reader: { id: string; language: Language },
  query: ListNotificationsQuery,
): Promise<NotificationsPage> {
  const [rows, counts] = await Promise.all([
    listNotifications(db, reader.id, { limit: query.limit, offset: offsetOf(query) }),
    countNotifications(db, reader.id),
  ]);
  const items = rows.map((row): NotificationItem => {
    const { title, body } = renderNotification(row.type, row.params, reader.language);
    return {
      _id: row.id,
      type: row.type,
      title,
      body,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    };
  });
  return { items, total: counts.total, page: query.page, limit: query.limit, unread: counts.unread };
}

/**
 * POST /api/user/notifications/read: marks the caller's own notifications read (by id, or all) and answers
 * how many stay unread. Ids of another user's notifications, or of none, change nothing and are not reported:
 * the answer says nothing about whether such an id exists.
 */
export async function markRead(
  db: Db,
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<MarkNotificationsReadResponse> {
  await markNotificationsRead(db, userId, input.all ? 'all' : { ids: input.ids ?? [] });
  return { unread: await countUnread(db, userId) };
}
