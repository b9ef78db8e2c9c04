import type { NotificationItem, NotificationsPage } from '@app/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { notificationKeys } from '../keys';

/** One entry of a user's inbox; title and body come from the server already in the user's language. */
export type InboxNotification = NotificationItem;

/** GET /api/user/notifications: newest first, with the count of all the user's unread ones. */
export type InboxPage = NotificationsPage;

/** The panel lists the newest 20: enough for a glance, and the count covers the rest. */
export const INBOX_LIMIT = 20;

/** New notifications (an order placed, points from a bill) show within a minute without a reload. */
export const INBOX_POLL_MS = 60_000;

export async function getInbox(): Promise<InboxPage> {
  const response = await apiClient.get<InboxPage>('/user/notifications', { params: { page: 1, limit: INBOX_LIMIT } });
  return response.data;
}

export function inboxQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.inbox(),
    queryFn: getInbox,
    // Every minute while the tab is open, and at once when the person comes back to it.
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The header's bell and the panel share this one query (one request per minute, not one each). */
export function useInbox() {
  return useQuery(inboxQueryOptions());
}
