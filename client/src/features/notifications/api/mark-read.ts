import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { notificationKeys } from '../keys';
import type { InboxPage } from './get-notifications';

/** POST /api/user/notifications/read: some by id, or all of them. */
export type MarkReadInput = { ids: string[] } | { all: true };
export type MarkReadResponse = { unread: number };

export async function markNotificationsRead(input: MarkReadInput): Promise<MarkReadResponse> {
  const response = await apiClient.post<MarkReadResponse>('/user/notifications/read', input);
  return response.data;
}

/** The cached inbox after a success: the count the server gives, and the marked entries read. */
function showAsRead(queryClient: QueryClient, input: MarkReadInput, { unread }: MarkReadResponse) {
  const readAt = new Date().toISOString();
  const marked = 'ids' in input ? new Set(input.ids) : undefined;
  queryClient.setQueryData<InboxPage>(notificationKeys.inbox(), (page) =>
    page
      ? {
          ...page,
          unread,
          items: page.items.map((item) =>
            item.readAt === null && (!marked || marked.has(item._id)) ? { ...item, readAt } : item,
          ),
        }
      : page,
  );
}

export function useMarkNotificationsRead({
  mutationConfig,
}: { mutationConfig?: MutationConfig<MarkReadResponse, MarkReadInput> } = {}) {
  return useApiMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, input, queryClient) => showAsRead(queryClient, input, answer),
    mutationConfig,
  });
}
