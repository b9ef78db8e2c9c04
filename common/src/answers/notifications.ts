import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../constants/notifications';
import { count, instant, pageOf, recordId } from './fields';

/** One notification as the inbox shows it: its words are in the reader's language at the time of reading. */
export const notificationAnswer = z.object({
  _id: recordId,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  createdAt: instant,
  readAt: instant.nullable(),
});
export type NotificationItem = z.infer<typeof notificationAnswer>;

/** GET /api/user/notifications: a page, and how many are unread in all. */
export const notificationsPageAnswer = pageOf(notificationAnswer).extend({ unread: count });
export type NotificationsPage = z.infer<typeof notificationsPageAnswer>;

/** POST /api/user/notifications/read */
export const markNotificationsReadAnswer = z.object({ unread: count });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadAnswer>;
