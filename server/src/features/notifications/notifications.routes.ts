import {
  listNotificationsQuerySchema,
  markNotificationsReadAnswer,
  markNotificationsReadSchema,
  notificationsPageAnswer,
} from '@app/common';
import type { AppDeps } from '../../deps';
import { defineRoute, EVERYONE_SIGNED_IN, type RouteDefinition } from '../../lib/route';
import { markRead, readInbox } from './notifications.service';

export function notificationsRoutes(_deps: AppDeps): RouteDefinition[] {
  return [
    // GET /api/user/notifications (customer, admin, superadmin) - own inbox, newest first, in the caller's language; page, limit
    defineRoute({
      method: 'get',
      path: '/user/notifications',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: notificationsPageAnswer },
      request: { query: listNotificationsQuerySchema },
      handler: ({ db, user, input }) => readInbox(db, { id: user.id, language: user.record.language }, input.query),
    }),

    // POST /api/user/notifications/read (customer, admin, superadmin) - {ids} or {all: true}: marks own notifications read → { unread }
    defineRoute({
      method: 'post',
      path: '/user/notifications/read',
      access: EVERYONE_SIGNED_IN,
      answers: { 200: markNotificationsReadAnswer },
      request: { body: markNotificationsReadSchema },
      handler: ({ db, user, input }) => markRead(db, user.id, input.body),
    }),
  ];
}
