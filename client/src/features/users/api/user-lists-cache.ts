import type { Page, User } from '@app/common';
import type { QueryClient } from '@tanstack/react-query';
import { usersKeys } from '../keys';

/**
 * After a change to one user (tier, blocked, password reset), show the server's copy of that row at once in
 * every cached list, then refetch the lists so totals and search matches stay true.
 */
export function replaceUserInLists(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueriesData<Page<User>>({ queryKey: usersKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item._id === user._id ? user : item)) } : page,
  );
  return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
}
